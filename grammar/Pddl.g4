// PDDL 3.1, the classical part: STRIPS, typing (types with several parents),
// negative, disjunctive, existential and universal preconditions, equality,
// conditional and universal effects (nested), and action costs.
//
// PDDL is case-insensitive: keywords are spelled with one fragment per letter;
// names keep their spelling here and are folded to lower case by the
// transformer (compiler/pddl/syntax/). Numeric fluents beyond action costs,
// durative actions and derived predicates are parsed where cheap (so the
// checker can say "not supported" at the right place) but never planned with.
grammar Pddl;

pddlFile : (domain | problem) EOF ;

// ---- domain ----------------------------------------------------------------
domain : LP DEFINE LP DOMAIN name RP domainItem* RP ;

domainItem
  : requireDef
  | typesDef
  | constantsDef
  | predicatesDef
  | functionsDef
  | actionDef
  | derivedDef
  | unsupportedDef
  ;

requireDef    : LP REQUIREMENTS requirement* RP ;
requirement   : KEYWORD ;
typesDef      : LP TYPES typedNames RP ;
constantsDef  : LP CONSTANTS typedNames RP ;
predicatesDef : LP PREDICATES predicateSkeleton* RP ;
predicateSkeleton : LP name typedVariables RP ;
functionsDef  : LP FUNCTIONS functionSkeleton* RP ;
functionSkeleton : LP name typedVariables RP (MINUS functionType)? ;
functionType  : name ;
derivedDef    : LP DERIVED predicateHead goal RP ;
predicateHead : LP name typedVariables RP ;
// Durative actions and other PDDL 2.1+ sections: kept as a span so the
// checker can point at them.
unsupportedDef : LP UNSUPPORTED_SECTION anything* RP ;
anything      : LP anything* RP | ~(LP | RP) ;

actionDef
  : LP ACTION name
       (PARAMETERS LP typedVariables RP)?
       (PRECONDITION (emptyList | goal))?
       (EFFECT (emptyList | effect))?
    RP ;
emptyList : LP RP ;

// `a b - t c - (either t1 t2) d`: the untyped tail is of type object.
typedNames     : (name+ MINUS typeRef)* name* ;
typedVariables : (VARIABLE+ MINUS typeRef)* VARIABLE* ;
typeRef        : name | LP EITHER name+ RP ;

// ---- goal descriptions -------------------------------------------------------
goal
  : LP AND goal* RP                                  # andGoal
  | LP OR goal* RP                                   # orGoal
  | LP NOT goal RP                                   # notGoal
  | LP IMPLY goal goal RP                            # implyGoal
  | LP EXISTS LP typedVariables RP goal RP           # existsGoal
  | LP FORALL LP typedVariables RP goal RP           # forallGoal
  | LP EQUALS term term RP                           # equalsGoal
  | LP comparison numericExpr numericExpr RP         # numericGoal
  | atom                                             # atomGoal
  ;
atom : LP name term* RP ;
term : name | VARIABLE ;

comparison : LESS | LESS_EQ | GREATER | GREATER_EQ | EQUALS ;

// ---- effects -------------------------------------------------------------------
effect
  : LP AND effect* RP                                # andEffect
  | LP FORALL LP typedVariables RP effect RP         # forallEffect
  | LP WHEN goal effect RP                           # whenEffect
  | LP NOT atom RP                                   # deleteEffect
  | LP numericOp functionTerm numericExpr RP         # numericEffect
  | atom                                             # addEffect
  ;
numericOp    : INCREASE | DECREASE | ASSIGN | SCALE_UP | SCALE_DOWN ;
functionTerm : LP name term* RP | name ;
numericExpr  : NUMBER | functionTerm | LP arithmetic numericExpr numericExpr* RP ;
arithmetic   : PLUS | MINUS | STAR | SLASH ;

// ---- problem -------------------------------------------------------------------
problem
  : LP DEFINE LP PROBLEM name RP LP DOMAIN_REF name RP problemItem* RP ;

problemItem
  : requireDef
  | objectsDef
  | initDef
  | goalDef
  | metricDef
  | unsupportedDef
  ;
objectsDef : LP OBJECTS typedNames RP ;
initDef    : LP INIT initElement* RP ;
initElement
  : atom                                             # initAtom
  | LP NOT atom RP                                   # initNegatedAtom
  | LP EQUALS functionTerm NUMBER RP                 # initNumeric
  ;
goalDef   : LP GOAL goal RP ;
metricDef : LP METRIC optimization numericExpr RP ;
optimization : MINIMIZE | MAXIMIZE ;

// A name may be spelled like a word that is only a keyword elsewhere.
name : NAME | DOMAIN | PROBLEM | MINIMIZE | MAXIMIZE ;

// ---- lexer -----------------------------------------------------------------------
LP : '(' ;
RP : ')' ;
MINUS : '-' ;
PLUS : '+' ;
STAR : '*' ;
SLASH : '/' ;
EQUALS : '=' ;
LESS : '<' ;
LESS_EQ : '<=' ;
GREATER : '>' ;
GREATER_EQ : '>=' ;

DEFINE : D E F I N E ;
DOMAIN : D O M A I N ;
PROBLEM : P R O B L E M ;
AND : A N D ;
OR : O R ;
NOT : N O T ;
IMPLY : I M P L Y ;
EXISTS : E X I S T S ;
FORALL : F O R A L L ;
WHEN : W H E N ;
EITHER : E I T H E R ;
INCREASE : I N C R E A S E ;
DECREASE : D E C R E A S E ;
ASSIGN : A S S I G N ;
SCALE_UP : S C A L E '-' U P ;
SCALE_DOWN : S C A L E '-' D O W N ;
MINIMIZE : M I N I M I Z E ;
MAXIMIZE : M A X I M I Z E ;

REQUIREMENTS : ':' R E Q U I R E M E N T S ;
TYPES : ':' T Y P E S ;
CONSTANTS : ':' C O N S T A N T S ;
PREDICATES : ':' P R E D I C A T E S ;
FUNCTIONS : ':' F U N C T I O N S ;
ACTION : ':' A C T I O N ;
DERIVED : ':' D E R I V E D ;
PARAMETERS : ':' P A R A M E T E R S ;
PRECONDITION : ':' P R E C O N D I T I O N ;
EFFECT : ':' E F F E C T ;
DOMAIN_REF : ':' D O M A I N ;
OBJECTS : ':' O B J E C T S ;
INIT : ':' I N I T ;
GOAL : ':' G O A L ;
METRIC : ':' M E T R I C ;
UNSUPPORTED_SECTION
  : ':' D U R A T I V E '-' A C T I O N
  | ':' C O N S T R A I N T S
  | ':' T I M E D '-' I N I T I A L '-' L I T E R A L S
  ;
// `:strips`, `:typing` and the other requirement flags.
KEYWORD : ':' [a-zA-Z] [a-zA-Z0-9_-]* ;

VARIABLE : '?' [a-zA-Z_] [a-zA-Z0-9_-]* ;
NUMBER : [0-9]+ ('.' [0-9]+)? ;
NAME : [a-zA-Z_] [a-zA-Z0-9_-]* ;

COMMENT : ';' ~[\r\n]* -> skip ;
WS : [ \t\r\n\f]+ -> skip ;

// Characters PDDL has no use for. The parser never sees them: the front end
// reports each as an error and reads on, so one stray character does not hide
// the rest of a file's problems. The comma gets its own token because real
// domains write `(?l - location, ?r - receptacle)`, which some readers take
// silently as a type named "location,"; the front end says why it is wrong.
COMMA : ',' -> channel(HIDDEN) ;
ERROR_CHAR : . -> channel(HIDDEN) ;

fragment A : [aA] ; fragment B : [bB] ; fragment C : [cC] ; fragment D : [dD] ;
fragment E : [eE] ; fragment F : [fF] ; fragment G : [gG] ; fragment H : [hH] ;
fragment I : [iI] ; fragment J : [jJ] ; fragment K : [kK] ; fragment L : [lL] ;
fragment M : [mM] ; fragment N : [nN] ; fragment O : [oO] ; fragment P : [pP] ;
fragment Q : [qQ] ; fragment R : [rR] ; fragment S : [sS] ; fragment T : [tT] ;
fragment U : [uU] ; fragment V : [vV] ; fragment W : [wW] ; fragment X : [xX] ;
fragment Y : [yY] ; fragment Z : [zZ] ;
