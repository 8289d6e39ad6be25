// Plank: a Python-like scripting language for voxel-world agents.
//
// One combined grammar. The lexer subclass in compiler/frontend/lexer.cpp turns
// raw NEWLINE tokens into logical-line NEWLINE / INDENT / DEDENT tokens (newlines
// inside brackets are dropped, blank and comment-only lines are skipped).
// Precedence and associativity follow Python 3 exactly, since CPython is the
// oracle for Plank's semantics.
grammar Plank;

// The generated parser's base: antlr4::Parser without its dynamic_casts (compiler/frontend/fast_parser.h).
options { superClass = FastParser; }
@parser::header { #include "compiler/frontend/fast_parser.h" }

tokens { INDENT, DEDENT }

// ---------------------------------------------------------------- entry points
file_input: (NEWLINE | stmt)* EOF;
eval_input: NEWLINE* test NEWLINE* EOF;
// The expression of an f-string replacement field (`f'{x!r:>10}'`), parsed on its own.
fstring_expr: NEWLINE* (yield_expr | testlist_star_expr) NEWLINE* EOF;

// ---------------------------------------------------------------- statements
stmt: simple_stmts | compound_stmt;

simple_stmts: small_stmt (';' small_stmt)* ';'? NEWLINE;

small_stmt
  : expr_stmt                                   # exprStmt
  | 'pass'                                      # passStmt
  | 'break'                                     # breakStmt
  | 'continue'                                  # continueStmt
  | 'return' testlist_star_expr?                # returnStmt
  | 'raise' (test ('from' test)?)?              # raiseStmt
  | 'global' NAME (',' NAME)*                   # globalStmt
  | 'nonlocal' NAME (',' NAME)*                 # nonlocalStmt
  | 'del' exprlist                              # delStmt
  | 'assert' test (',' test)?                   # assertStmt
  | 'import' dotted_as_name (',' dotted_as_name)*                 # importStmt
  | 'from' dotted_name 'import' ( import_as_names | '(' import_as_names ')' | '*' )  # fromImportStmt
  ;

// `x`, `a, b = f()`, `a = b = 0`, `n += 1`, `x: int = 0`, `*a, b = xs`, `x = yield y`
expr_stmt
  : testlist_star_expr
    ( annassign
    | augassign (yield_expr | testlist)
    | ('=' (yield_expr | testlist_star_expr))+
    )?
  | yield_expr
  ;
annassign: ':' test ('=' (yield_expr | testlist_star_expr))?;

augassign: '+=' | '-=' | '*=' | '@=' | '/=' | '//=' | '%=' | '**=' | '&=' | '|=' | '^=' | '<<=' | '>>=';

dotted_as_name: dotted_name ('as' NAME)?;
dotted_name: NAME ('.' NAME)*;
import_as_names: import_as_name (',' import_as_name)* ','?;
import_as_name: NAME ('as' NAME)?;

compound_stmt: if_stmt | while_stmt | for_stmt | try_stmt | with_stmt | funcdef | classdef | decorated | async_stmt;

async_stmt: 'async' (funcdef | with_stmt | for_stmt);
decorated: decorator+ (classdef | funcdef | async_funcdef);
async_funcdef: 'async' funcdef;
decorator: '@' namedexpr_test NEWLINE;

if_stmt: 'if' namedexpr_test ':' suite ('elif' namedexpr_test ':' suite)* ('else' ':' suite)?;
while_stmt: 'while' namedexpr_test ':' suite ('else' ':' suite)?;
for_stmt: 'for' exprlist 'in' testlist ':' suite ('else' ':' suite)?;
try_stmt
  : 'try' ':' suite
    ( (except_clause ':' suite)+ ('else' ':' suite)? ('finally' ':' suite)?
    | 'finally' ':' suite
    )
  ;
except_clause: 'except' (test ('as' NAME)?)?;
with_stmt: 'with' with_item (',' with_item)* ':' suite;
with_item: test ('as' expr)?;
funcdef: 'def' NAME '(' parameters? ')' ('->' test)? ':' suite;
// Parameters in any order here; the transformer checks Python's order rules
// (defaults, `*`, keyword-only, `**`, `/`) and reports each with its position.
parameters: param (',' param)* ','?;
param
  : NAME (':' test)? ('=' test)?               # plainParam
  | '*' (NAME (':' test)?)?                    # starParam
  | '**' NAME (':' test)?                      # doubleStarParam
  | '/'                                        # slashParam
  ;
classdef: 'class' NAME ('(' arglist? ')')? ':' suite;

suite: simple_stmts | NEWLINE INDENT stmt+ DEDENT;

// ---------------------------------------------------------------- expressions
namedexpr_test: test (':=' test)?;
test: or_test ('if' or_test 'else' test)? | lambdef;
lambdef: 'lambda' lambda_params? ':' test;
lambda_params: lambda_param (',' lambda_param)* ','?;
lambda_param
  : NAME ('=' test)?                           # plainLambdaParam
  | '*' NAME?                                  # starLambdaParam
  | '**' NAME                                  # doubleStarLambdaParam
  | '/'                                        # slashLambdaParam
  ;
or_test: and_test ('or' and_test)*;
and_test: not_test ('and' not_test)*;
not_test: 'not' not_test | comparison;
comparison: expr (comp_op expr)*;
comp_op: '<' | '>' | '==' | '>=' | '<=' | '!=' | 'in' | 'not' 'in' | 'is' | 'is' 'not';
star_expr: '*' expr;
// The binary operators of Python's six levels (| ^ & shifts +- */@//%) in one flat rule: the
// transformer groups them by precedence. One rule a level cost every operand six contexts
// (enter, exit, a child vector, a free), the most of a straight-line program's parse (issue 24).
expr: factor (('|' | '^' | '&' | '<<' | '>>' | '+' | '-' | '*' | '@' | '/' | '//' | '%') factor)*;
factor: ('+' | '-' | '~') factor | power;
power: 'await'? atom_expr ('**' factor)?;
atom_expr: atom trailer*;

atom
  : '(' (yield_expr | testlist_comp)? ')'       # parenAtom
  | '[' testlist_comp? ']'        # listAtom
  | '{' dictorsetmaker? '}'       # dictAtom
  | NAME                          # nameAtom
  | INT                           # intAtom
  | FLOAT                         # floatAtom
  | IMAGINARY                     # imaginaryAtom
  | STRING+                       # stringAtom
  | '...'                         # ellipsisAtom
  | ('None' | 'null')             # noneAtom
  | ('True' | 'true')             # trueAtom
  | ('False' | 'false')           # falseAtom
  ;

testlist_comp: (namedexpr_test | star_expr) (comp_for | (',' (namedexpr_test | star_expr))* ','?);
dictorsetmaker
  : dict_item (comp_for | (',' dict_item)* ','?)                       # dictMaker
  | (test | star_expr) (comp_for | (',' (test | star_expr))* ','?)     # setMaker
  ;
dict_item: test ':' test | '**' expr;

trailer
  : '(' arglist? ')'              # callTrailer
  | '[' subscriptlist ']'         # indexTrailer
  | '.' NAME                      # attrTrailer
  ;
arglist: argument (',' argument)* ','?;
argument: NAME '=' test | test comp_for? | NAME ':=' test | '*' test | '**' test;
subscriptlist: subscript (',' subscript)* ','?;
subscript: test | lower=test? ':' upper=test? (':' step=test?)?;

comp_for: 'async'? 'for' exprlist 'in' or_test comp_iter?;
comp_iter: comp_for | comp_if;
comp_if: 'if' or_test comp_iter?;

yield_expr: 'yield' ('from' test | testlist_star_expr)?;

exprlist: (expr | star_expr) (',' (expr | star_expr))* ','?;
testlist: test (',' test)* ','?;
testlist_star_expr: (test | star_expr) (',' (test | star_expr))* ','?;

// ---------------------------------------------------------------- lexer
DEF: 'def'; RETURN: 'return'; IF: 'if'; ELIF: 'elif'; ELSE: 'else'; WHILE: 'while';
FOR: 'for'; IN: 'in'; BREAK: 'break'; CONTINUE: 'continue'; PASS: 'pass';
ASSERT: 'assert'; IMPORT: 'import'; FROM: 'from'; AS: 'as'; LAMBDA: 'lambda';
AND: 'and'; OR: 'or'; NOT: 'not'; IS: 'is';
CLASS: 'class'; TRY: 'try'; EXCEPT: 'except'; FINALLY: 'finally'; RAISE: 'raise'; WITH: 'with';
GLOBAL: 'global'; NONLOCAL: 'nonlocal'; DEL: 'del'; YIELD: 'yield'; ASYNC: 'async'; AWAIT: 'await';
NONE: 'None'; NULL_LIT: 'null'; TRUE: 'True'; TRUE_LOWER: 'true'; FALSE: 'False'; FALSE_LOWER: 'false';

LPAR: '('; RPAR: ')'; LSQB: '['; RSQB: ']'; LBRACE: '{'; RBRACE: '}';
COLON: ':'; COMMA: ','; SEMI: ';'; ELLIPSIS: '...'; DOT: '.'; ARROW: '->'; WALRUS: ':=';
ASSIGN: '=';
PLUS_ASSIGN: '+='; MINUS_ASSIGN: '-='; STAR_ASSIGN: '*='; AT_ASSIGN: '@='; SLASH_ASSIGN: '/=';
FLOORDIV_ASSIGN: '//='; PERCENT_ASSIGN: '%='; POWER_ASSIGN: '**=';
AND_ASSIGN: '&='; OR_ASSIGN: '|='; XOR_ASSIGN: '^='; LSHIFT_ASSIGN: '<<='; RSHIFT_ASSIGN: '>>=';
PLUS: '+'; MINUS: '-'; STAR: '*'; SLASH: '/'; FLOORDIV: '//'; PERCENT: '%'; POWER: '**'; AT: '@';
VBAR: '|'; CIRCUMFLEX: '^'; AMPER: '&'; LSHIFT: '<<'; RSHIFT: '>>'; TILDE: '~';
LT: '<'; GT: '>'; EQ: '=='; GE: '>='; LE: '<='; NE: '!=';

// Bytes past ASCII are part of a name here (the lexer reads one byte per
// character); the lexer subclass decodes them and keeps a name only when every
// code point may be part of a Python identifier.
NAME: [a-zA-Z_\u0080-\u00FF] [a-zA-Z0-9_\u0080-\u00FF]*;

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
IMAGINARY: (FLOAT | DIGITS) [jJ];
fragment DIGITS: [0-9] ('_'? [0-9])*;
fragment EXPONENT: [eE] [+-]? DIGITS;

// A string that is closed on its line (or a triple-quoted one closed anywhere),
// with an optional prefix (r, b, f, u and their combinations, any case; the
// transformer checks the combination).
STRING
  : STRING_PREFIX? '\'\'\'' ( '\\' . | . )*? '\'\'\''
  | STRING_PREFIX? '"""' ( '\\' . | . )*? '"""'
  | STRING_PREFIX? '\'' ( ~[\\\r\n'] | '\\' . )* '\''
  | STRING_PREFIX? '"' ( ~[\\\r\n"] | '\\' . )* '"'
  ;
// The same without the closing quote: reported by the lexer subclass.
UNTERMINATED_STRING
  : STRING_PREFIX? '\'' ( ~[\\\r\n'] | '\\' . )*
  | STRING_PREFIX? '"' ( ~[\\\r\n"] | '\\' . )*
  ;
fragment STRING_PREFIX: [rRbBfFuU] | [rR][bBfF] | [bBfF][rR];

NEWLINE: '\r'? '\n' | '\r';
LINE_JOIN: '\\' [ \t\f]* ('\r'? '\n' | '\r') -> skip;
WS: [ \t\f]+ -> skip;
COMMENT: '#' ~[\r\n]* -> skip;
// Anything else: reported as an invalid character by the lexer subclass.
ERRCHAR: .;
