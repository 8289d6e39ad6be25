// Plank: a Python-like scripting language for voxel-world agents.
//
// One combined grammar. The lexer subclass in compiler/frontend/lexer.cpp turns
// raw NEWLINE tokens into logical-line NEWLINE / INDENT / DEDENT tokens (newlines
// inside brackets are dropped, blank and comment-only lines are skipped).
// Precedence and associativity follow Python 3 exactly, since CPython is the
// oracle for Plank's semantics.
grammar Plank;

tokens { INDENT, DEDENT }

// ---------------------------------------------------------------- entry points
file_input: (NEWLINE | stmt)* EOF;
eval_input: NEWLINE* test NEWLINE* EOF;

// ---------------------------------------------------------------- statements
stmt: simple_stmts | compound_stmt;

simple_stmts: small_stmt (';' small_stmt)* ';'? NEWLINE;

small_stmt
  : expr_stmt                                   # exprStmt
  | 'pass'                                      # passStmt
  | 'break'                                     # breakStmt
  | 'continue'                                  # continueStmt
  | 'return' testlist?                          # returnStmt
  | 'assert' test (',' test)?                   # assertStmt
  | 'import' dotted_as_name (',' dotted_as_name)*                 # importStmt
  | 'from' dotted_name 'import' ( import_as_names | '(' import_as_names ')' )  # fromImportStmt
  ;

// `x`, `a, b = f()`, `a = b = 0`, `n += 1`
expr_stmt: testlist ( augassign testlist | ('=' testlist)+ )?;

augassign: '+=' | '-=' | '*=' | '/=' | '//=' | '%=' | '**=';

dotted_as_name: dotted_name ('as' NAME)?;
dotted_name: NAME ('.' NAME)*;
import_as_names: import_as_name (',' import_as_name)* ','?;
import_as_name: NAME ('as' NAME)?;

compound_stmt: if_stmt | while_stmt | for_stmt | funcdef;

if_stmt: 'if' test ':' suite ('elif' test ':' suite)* ('else' ':' suite)?;
while_stmt: 'while' test ':' suite;
for_stmt: 'for' exprlist 'in' testlist ':' suite;
funcdef: 'def' NAME '(' parameters? ')' ':' suite;
parameters: param (',' param)* ','?;
param: NAME ('=' test)?;

suite: simple_stmts | NEWLINE INDENT stmt+ DEDENT;

// ---------------------------------------------------------------- expressions
test: or_test ('if' or_test 'else' test)? | lambdef;
lambdef: 'lambda' parameters? ':' test;
or_test: and_test ('or' and_test)*;
and_test: not_test ('and' not_test)*;
not_test: 'not' not_test | comparison;
comparison: arith_expr (comp_op arith_expr)*;
comp_op: '<' | '>' | '==' | '>=' | '<=' | '!=' | 'in' | 'not' 'in' | 'is' | 'is' 'not';
arith_expr: term (('+' | '-') term)*;
term: factor (('*' | '/' | '//' | '%') factor)*;
factor: ('+' | '-') factor | power;
power: atom_expr ('**' factor)?;
atom_expr: atom trailer*;

atom
  : '(' testlist_comp? ')'        # parenAtom
  | '[' testlist_comp? ']'        # listAtom
  | '{' dictmaker? '}'            # dictAtom
  | NAME                          # nameAtom
  | INT                           # intAtom
  | FLOAT                         # floatAtom
  | STRING+                       # stringAtom
  | ('None' | 'null')             # noneAtom
  | ('True' | 'true')             # trueAtom
  | ('False' | 'false')           # falseAtom
  ;

testlist_comp: test (',' test)* ','?;
dictmaker: dict_entry (',' dict_entry)* ','?;
dict_entry: test ':' test;

trailer
  : '(' arglist? ')'              # callTrailer
  | '[' subscriptlist ']'         # indexTrailer
  | '.' NAME                      # attrTrailer
  ;
arglist: argument (',' argument)* ','?;
argument: NAME '=' test | test;
subscriptlist: subscript (',' subscript)* ','?;
subscript: test | lower=test? ':' upper=test? (':' step=test?)?;

exprlist: arith_expr (',' arith_expr)* ','?;
testlist: test (',' test)* ','?;

// ---------------------------------------------------------------- lexer
DEF: 'def'; RETURN: 'return'; IF: 'if'; ELIF: 'elif'; ELSE: 'else'; WHILE: 'while';
FOR: 'for'; IN: 'in'; BREAK: 'break'; CONTINUE: 'continue'; PASS: 'pass';
ASSERT: 'assert'; IMPORT: 'import'; FROM: 'from'; AS: 'as'; LAMBDA: 'lambda';
AND: 'and'; OR: 'or'; NOT: 'not'; IS: 'is';
NONE: 'None'; NULL_LIT: 'null'; TRUE: 'True'; TRUE_LOWER: 'true'; FALSE: 'False'; FALSE_LOWER: 'false';

LPAR: '('; RPAR: ')'; LSQB: '['; RSQB: ']'; LBRACE: '{'; RBRACE: '}';
COLON: ':'; COMMA: ','; SEMI: ';'; DOT: '.';
ASSIGN: '=';
PLUS_ASSIGN: '+='; MINUS_ASSIGN: '-='; STAR_ASSIGN: '*='; SLASH_ASSIGN: '/=';
FLOORDIV_ASSIGN: '//='; PERCENT_ASSIGN: '%='; POWER_ASSIGN: '**=';
PLUS: '+'; MINUS: '-'; STAR: '*'; SLASH: '/'; FLOORDIV: '//'; PERCENT: '%'; POWER: '**';
LT: '<'; GT: '>'; EQ: '=='; GE: '>='; LE: '<='; NE: '!=';

NAME: [a-zA-Z_] [a-zA-Z0-9_]*;

FLOAT
  : DIGITS '.' DIGITS? EXPONENT?
  | '.' DIGITS EXPONENT?
  | DIGITS EXPONENT
  ;
INT
  : DIGITS
  | '0' [xX] ('_'? [0-9a-fA-F])+
  | '0' [oO] ('_'? [0-7])+
  | '0' [bB] ('_'? [01])+
  ;
fragment DIGITS: [0-9] ('_'? [0-9])*;
fragment EXPONENT: [eE] [+-]? DIGITS;

// A string that is closed on its line (or a triple-quoted one closed anywhere).
STRING
  : '\'\'\'' ( '\\' . | . )*? '\'\'\''
  | '"""' ( '\\' . | . )*? '"""'
  | '\'' ( ~[\\\r\n'] | '\\' . )* '\''
  | '"' ( ~[\\\r\n"] | '\\' . )* '"'
  ;
// The same without the closing quote: reported by the lexer subclass.
UNTERMINATED_STRING
  : '\'' ( ~[\\\r\n'] | '\\' . )*
  | '"' ( ~[\\\r\n"] | '\\' . )*
  ;

NEWLINE: '\r'? '\n' | '\r';
LINE_JOIN: '\\' [ \t\f]* ('\r'? '\n' | '\r') -> skip;
WS: [ \t\f]+ -> skip;
COMMENT: '#' ~[\r\n]* -> skip;
// Anything else: reported as an invalid character by the lexer subclass.
ERRCHAR: .;
