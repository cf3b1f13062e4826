/* print.c - the printer: syntax tree back to C source (see print.h).
 *
 * One recursive walk over the tree, appending to a StrBuf.  The Printer
 * carries what the walk needs besides the node: the indentation of the
 * current statement (for statement expressions and struct bodies inside
 * expressions) and, for line markers, the source file and line that the
 * output line being written stands for.
 *
 * Expressions: every node has a precedence level (enum Prec, C11 6.5);
 * a child printed where a higher level is required gets parentheses, so
 * trees built by later passes print with their meaning.  Parentheses the
 * user wrote are E_PAREN nodes and print as they are.
 *
 * Line markers follow cpp (GCC manual, "Preprocessor Output"): before a
 * statement or declaration, if the output is in another file, or behind
 * the source line, or more than MARK_SLACK lines ahead of the output,
 * print  # N "file"; otherwise print newlines to catch up.  Inside an
 * expression there are no markers.  Newlines are counted lazily from the
 * buffer, so the work stays linear in the size of the output.
 */
#include "print.h"

#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "cxx-init.h"
#include "walk.h"
#include "omp.h"
#include "symbol.h"
#include "types.h"

enum {
  MARK_SLACK = 8, /* lines caught up with newlines rather than a marker */
  WRAP_COL = 80,  /* initializer lists wrap before this column */
};

struct Printer {
  StrBuf *b;
  bool markers;     /* emit line markers */
  const char *file; /* file named by the last marker */
  const char *after_source; /* PrintOpts */
  int line;         /* source line of the output at offset 'scanned' */
  size_t scanned;   /* newlines before this offset are counted in 'line' */
  int in_expr;      /* > 0: inside an expression, no markers */
  int indent;       /* indentation level of the current statement */
  bool user_col;    /* begin_line: start at the place's column */
  bool want_blank;  /* the next declaration wants a blank line before it */
  int list_depth;   /* nesting of the initializer lists being printed */
  int struct_depth; /* nesting of the struct and union bodies being printed */
  bool split_inits; /* C++ mode: a label follows the declaration in its block */
  bool in_for_init; /* the declaration is a for statement's first clause */
  const Type *ret;  /* the return type of the function being printed */
};

/* C++ mode (print_set_cxx): the kernel file is CUDA C++. */
static bool cxx_mode;
static Vec vla_locals; /* C++ mode: Symbol*, variable-length arrays (vla_decl) */
static Vec *label_values; /* C++ mode: the labels whose address the code
                             being printed takes (label_value) */
/* C++ mode: compound literals declared as variables before their
 * statement (hoist_literals), and the names they print as. */
static Vec literal_exprs, literal_names;
static Vec literal_temps; /* literals whose address & takes (cast) */

void print_set_cxx(bool on) { cxx_mode = on; }

static const char *vla_storage; /* print_set_vla_storage */
void print_set_vla_storage(const char *type) { vla_storage = type; }

static PrintIdentHook *ident_hook;

void print_set_ident_hook(PrintIdentHook *hook) { ident_hook = hook; }

/* C++ keywords that are ordinary identifiers in C, renamed with a
 * trailing "__" in C++ mode (C11 6.4.1 vs C++14 [lex.key]). */
static const char *const cxx_keywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "bitand", "bitor", "bool",
    "catch", "char16_t", "char32_t", "class", "compl", "const_cast",
    "constexpr", "decltype", "delete", "dynamic_cast", "explicit", "export",
    "false", "friend", "mutable", "namespace", "new", "noexcept", "not",
    "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected",
    "public", "reinterpret_cast", "static_assert", "static_cast", "template",
    "this", "thread_local", "throw", "true", "try", "typeid", "typename",
    "using", "virtual", "wchar_t", "xor", "xor_eq",
};

const char *print_cxx_name(const char *name)
{
  if (!cxx_mode || !name)
    return name;
  for (size_t i = 0; i < sizeof cxx_keywords / sizeof *cxx_keywords; i++)
    if (!strcmp(name, cxx_keywords[i]))
      return intern(xasprintf("%s__", name));
  return name;
}

/* C11 6.5: from the loosest to the tightest binding. */
typedef enum Prec {
  P_COMMA, P_ASSIGN, P_COND, P_LOGOR, P_LOGAND, P_BITOR, P_BITXOR, P_BITAND,
  P_EQ, P_REL, P_SHIFT, P_ADD, P_MUL, P_CAST, P_UNARY, P_POSTFIX,
} Prec;

static const unsigned char binary_prec[OP_COUNT] = {
    [OP_MUL] = P_MUL,       [OP_DIV] = P_MUL,       [OP_MOD] = P_MUL,
    [OP_ADD] = P_ADD,       [OP_SUB] = P_ADD,       [OP_SHL] = P_SHIFT,
    [OP_SHR] = P_SHIFT,     [OP_LT] = P_REL,        [OP_GT] = P_REL,
    [OP_LE] = P_REL,        [OP_GE] = P_REL,        [OP_EQ] = P_EQ,
    [OP_NE] = P_EQ,         [OP_BITAND] = P_BITAND, [OP_BITXOR] = P_BITXOR,
    [OP_BITOR] = P_BITOR,   [OP_LOGAND] = P_LOGAND, [OP_LOGOR] = P_LOGOR,
    [OP_COMMA] = P_COMMA,
};

static void expr(Printer *p, const Expr *e);
static void expr_at(Printer *p, const Expr *e, Prec min);
static void type_name(Printer *p, const TypeName *t);
static void declarator(Printer *p, const Declarator *d);
static void decl_specs(Printer *p, const DeclSpecs *s);
static void init(Printer *p, const Init *in);
static void init_of(Printer *p, Type *t, const Init *in);
static void compound(Printer *p, const Stmt *s, int indent);
static void stmt_open(Printer *p, const Stmt *s, int indent);
static void decl_line(Printer *p, const Decl *d, int indent);
static void decl_rest(Printer *p, const Decl *d, int indent);

/* ---------------------------------------------------------------- output */

/* NULL prints nothing: a pass may leave a spelling out. */
static void put(Printer *p, const char *s)
{
  if (s)
    sb_puts(p->b, s);
}
static void putch(Printer *p, char c) { sb_putc(p->b, c); }

static void spaces(Printer *p, int indent)
{
  for (int i = 0; i < indent; i++)
    put(p, "  ");
}

static char last_char(const Printer *p) { return p->b->len ? p->b->s[p->b->len - 1] : '\n'; }

/* Is the line before the cursor (which is at a line start) empty? */
static bool after_blank_line(const Printer *p)
{
  const StrBuf *b = p->b;
  return b->len < 2 || b->s[b->len - 2] == '\n';
}

/* The column of the cursor, counted up to a bound (only compared with
 * WRAP_COL), so finding it stays cheap on long lines. */
static int column(const Printer *p)
{
  const StrBuf *b = p->b;
  size_t i = b->len;
  int n = 0;
  while (i > 0 && b->s[i - 1] != '\n' && n <= 2 * WRAP_COL)
    i--, n++;
  return n;
}

static bool is_word_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$';
}

/* Two adjacent characters that would lex differently once glued:
 * "- -x" is not "--x", "sizeof x" is not "sizeofx". */
static bool would_glue(char a, char b)
{
  if (is_word_char(a) && is_word_char(b))
    return true;
  return a == b && (a == '+' || a == '-' || a == '&');
}

/* Insert a space at offset at (rare: only between operators that would
 * glue, so the copy costs nothing in practice). */
static void insert_space(StrBuf *b, size_t at)
{
  sb_putc(b, ' ');
  memmove(b->s + at + 1, b->s + at, b->len - 1 - at);
  b->s[at] = ' ';
}

/* Print text then operand e, with a space between them only where the
 * two would glue into other tokens. */
static void prefix_op(Printer *p, const char *text, const Expr *e, Prec min)
{
  StrBuf *b = p->b;
  put(p, text);
  size_t at = b->len;
  expr_at(p, e, min);
  if (at < b->len && at > 0 && would_glue(b->s[at - 1], b->s[at])) {
    insert_space(b, at);
  }
}

/* ---------------------------------------------------------------- line markers */

static Vec system_headers;

void print_set_system_header(const char *file)
{
  vec_heap(&system_headers); /* the parser may be in scratch node blocks */
  file = intern(file);
  for (int i = 0; i < system_headers.len; i++)
    if (system_headers.items[i] == file)
      return;
  vec_push(&system_headers, (void *)file);
}

/* For each system header entered from a user file (cpp's flags 1 and 3
 * on a line marker), itself; for one entered from a system header, the
 * root of that header: the header a user file included, the one code
 * written elsewhere (a kernel file) can include to get its declarations. */
static Vec system_roots; /* pairs: file, root */

void print_set_system_root(const char *file, const char *root)
{
  vec_heap(&system_roots);
  file = intern(file);
  if (print_system_root(file))
    return;
  vec_push(&system_roots, (void *)file);
  vec_push(&system_roots, (void *)intern(root));
}

const char *print_system_root(const char *file)
{
  for (int i = 0; file && i < system_roots.len; i += 2)
    if (system_roots.items[i] == file)
      return system_roots.items[i + 1];
  return NULL;
}

static bool is_system_header(const char *file)
{
  static const char *last_file;
  static bool last_answer;
  if (file == last_file)
    return last_answer;
  last_file = file;
  last_answer = false;
  for (int i = 0; i < system_headers.len && !last_answer; i++)
    last_answer = system_headers.items[i] == file;
  return last_answer;
}

/* Bring p->line up to the end of the buffer. */
static void count_lines(Printer *p)
{
  const StrBuf *b = p->b;
  for (size_t i = p->scanned; i < b->len; i++)
    if (b->s[i] == '\n')
      p->line++;
  p->scanned = b->len;
}

static void put_marker(Printer *p, Loc loc)
{
  sb_printf(p->b, cxx_mode ? "#line %d \"" : "# %d \"", loc.line);
  for (const unsigned char *c = (const unsigned char *)loc.file; *c; c++) {
    if (*c < ' ' || *c == 0x7f)
      sb_printf(p->b, "\\%03o", *c); /* as cpp writes them */
    else {
      if (*c == '"' || *c == '\\')
        putch(p, '\\');
      putch(p, (char)*c);
    }
  }
  putch(p, '"');
  if (is_system_header(loc.file) && !cxx_mode)
    put(p, " 3");
  p->scanned = p->b->len;
  p->line = loc.line - 1;
  p->file = loc.file;
  putch(p, '\n');
}

/* At a line start, make the next output line stand for loc. */
static void sync_line(Printer *p, Loc loc, bool blank)
{
  count_lines(p);
  if (!loc.file || loc.line <= 0) {
    if (blank && !after_blank_line(p))
      putch(p, '\n');
    return;
  }
  int gap = loc.line - p->line;
  bool near = loc.file == p->file && gap >= 0 && gap <= MARK_SLACK;
  if (near && (!blank || gap >= 1 || after_blank_line(p))) {
    for (int i = 0; i < gap; i++)
      putch(p, '\n');
    return;
  }
  if (blank && !after_blank_line(p))
    putch(p, '\n');
  put_marker(p, loc);
}

/* Start the line of a statement or declaration at loc.  With markers,
 * a statement's line starts at the user's column (p->user_col: the
 * statement's place is its first token), so that the host compiler's
 * columns, and the caret it draws under the user's line, are the
 * user's. */
static void begin_line(Printer *p, Loc loc, int indent)
{
  bool blank = p->want_blank;
  p->want_blank = false;
  if (last_char(p) != '\n')
    putch(p, '\n');
  bool synced = p->markers && !p->in_expr;
  if (synced)
    sync_line(p, loc, blank);
  else if (blank && !after_blank_line(p))
    putch(p, '\n');
  if (synced && p->user_col && loc.file && loc.line > 0 && loc.col > 0 && loc.file == p->file) {
    for (int i = 1; i < loc.col; i++)
      putch(p, ' ');
    return;
  }
  spaces(p, indent);
}

/* ---------------------------------------------------------------- expressions */

static Prec expr_prec(const Expr *e)
{
  switch (e->kind) {
  case E_BINARY:
    return binary_prec[e->op];
  case E_ASSIGN:
    return P_ASSIGN;
  case E_COND:
    return P_COND;
  case E_CAST:
    return P_CAST;
  case E_UNARY: case E_PREINC: case E_PREDEC: case E_SIZEOF_EXPR:
  case E_SIZEOF_TYPE: case E_ALIGNOF_EXPR: case E_ALIGNOF_TYPE:
  case E_LABEL_ADDR: case E_EXTENSION:
    return P_UNARY;
  default:
    return P_POSTFIX;
  }
}

static void expr_at(Printer *p, const Expr *e, Prec min)
{
  if (!e)
    return;
  if (expr_prec(e) >= min) {
    expr(p, e);
    return;
  }
  putch(p, '(');
  expr(p, e);
  putch(p, ')');
}

/* a, b, c: assignment-expressions, as in argument lists. */
static void expr_list(Printer *p, const Vec *v)
{
  for (int i = 0; i < v->len; i++) {
    if (i)
      put(p, ", ");
    expr_at(p, v->items[i], P_ASSIGN);
  }
}

/* Conversions C makes implicitly and C++ only by a cast: from void * (or
 * any other pointer type, which C warns of) to a typed pointer, from a
 * pointer to a less qualified one, and to an enumeration from an integer
 * or another enumeration (C11 6.5.16.1, 6.7.2.2p4: an enumeration is an
 * integer type).  In C++ mode the conversion is written as a cast: to the
 * target's own type, (__typeof__(p)), in an assignment or
 * initialization, and to the parameter's or return type elsewhere. */
static bool needs_cxx_cast(const Type *to, const Expr *from)
{
  if (!cxx_mode || !to || !from || !from->ty)
    return false;
  const Type *ft = from->ty;
  if (to->kind == TY_ENUM) {
    const Expr *e = expr_unparen((Expr *)from);
    bool own_constant = e->kind == E_IDENT && e->sym && e->sym->kind == SYM_ENUM_CONST &&
                        e->sym->enumeration == to->rec;
    return !own_constant && !(ft->kind == TY_ENUM && ft->rec == to->rec);
  }
  if (!type_is_pointer(to) || !type_is_pointer(ft))
    return false;
  const Type *fb = type_elem(ft), *tb = type_elem(to);
  if (!fb || !tb)
    return false;
  if (fb->quals & ~tb->quals)
    return true;
  return tb->kind != TY_VOID && !type_equal(type_unqualified((Type *)tb), type_unqualified((Type *)fb));
}

/* The C spelling of t where C++ reads it the same, or NULL (an
 * anonymous struct or enumeration has no name to cast to). */
static const char *cast_spelling(const Type *t)
{
  t = type_unqualified((Type *)t); /* a cast's value has no qualifiers */
  const char *text = t->kind == TY_BOOL ? "bool" : type_str(t);
  if (strchr(text, '<') || strstr(text, "restrict") || strstr(text, "_Bool") || strstr(text, "_Atomic"))
    return NULL; /* C spellings C++ lacks: the wrapper converts */
  return text;
}

/* C converts a complex value to a real type implicitly (C11 6.3.1.7:
 * the imaginary part is dropped; to _Bool, true unless both parts are
 * zero); the device library's complex type converts only explicitly.
 * Enumerations are left alone: C++ converts nothing to them implicitly. */
static bool complex_to_real(const Type *to, const Expr *from)
{
  return cxx_mode && to && from && from->ty && from->ty->kind == TY_COMPLEX &&
         (type_is_integer(to) || type_is_float(to)) && to->kind != TY_ENUM;
}

/* from as an assignment-expression, in C++ mode made explicit where C
 * converts it to type to implicitly and C++ would not. */
/* An argument of a C library function in C++ mode: C converts it to the
 * parameter's type, while C++ would choose among the overloads and
 * templates of <cmath> and <cstdlib> by the argument's own type (fmax of
 * two ints is a host-only template; sqrt of a float computes in float,
 * abs of a double keeps the fraction), so a differing arithmetic type is
 * converted explicitly. */
static bool library_conversion(const Type *to, const Expr *from)
{
  if (!to || !from->ty || !type_is_arith(to) || !type_is_arith(from->ty) ||
      to->kind == TY_COMPLEX || from->ty->kind == TY_COMPLEX)
    return false; /* complex values have their own conversions (complex_to_real) */
  return type_unqualified((Type *)to)->kind != type_unqualified(from->ty)->kind;
}

/* A character array exactly as long as a string literal's characters,
 * without its null character: C initializes it so (C11 6.7.9p14), C++
 * refuses.  In C++ mode: {"abc"[0], "abc"[1], "abc"[2]}. */
static bool string_without_null(Printer *p, const Type *to, const Expr *from)
{
  const Expr *e = expr_unparen((Expr *)from);
  if (!cxx_mode || !to || to->kind != TY_ARRAY || to->len < 0 || !type_is_integer(to->base) ||
      e->kind != E_STRING || !e->ty || e->ty->kind != TY_ARRAY || e->ty->len != to->len + 1)
    return false;
  putch(p, '{');
  for (long i = 0; i < to->len; i++) {
    if (i)
      put(p, ", ");
    expr_at(p, e, P_POSTFIX);
    sb_printf(p->b, "[%ld]", i);
  }
  putch(p, '}');
  return true;
}

static void converted(Printer *p, const Type *to, const Expr *from, bool library)
{
  if (string_without_null(p, to, from))
    return;
  if (needs_cxx_cast(to, from)) {
    /* a type without a name: the device library's wrapper, which
     * converts to whatever type its value initializes */
    const char *cast = cast_spelling(to);
    put(p, cast ? "(" : "__ompicc_implicit(");
    if (cast) {
      put(p, cast);
      put(p, ")(");
    }
    expr_at(p, from, P_ASSIGN);
    putch(p, ')');
    return;
  }
  if (library && library_conversion(to, from)) {
    put(p, "(");
    put(p, to->kind == TY_BOOL ? "bool" : type_str(to));
    put(p, ")(");
    expr_at(p, from, P_ASSIGN);
    putch(p, ')');
    return;
  }
  if (!complex_to_real(to, from)) {
    expr_at(p, from, P_ASSIGN);
    return;
  }
  put(p, to->kind == TY_BOOL ? "(bool)(" : "__ompicc_real(");
  expr_at(p, from, P_ASSIGN);
  putch(p, ')');
}

static void cast_to_typeof(Printer *p, const Expr *target)
{
  put(p, "(__typeof__(");
  expr_at(p, target, P_COMMA);
  put(p, "))");
}

/* c op= v on an enumeration in C++ mode, which has no such operator
 * for it: the device library's __ompicc_enum_op(c, v). */
static bool enum_compound_assign(Printer *p, const Expr *e)
{
  static const struct { OpKind op; const char *name; } names[] = {
      {OP_ADD_ASSIGN, "add"}, {OP_SUB_ASSIGN, "sub"}, {OP_MUL_ASSIGN, "mul"},
      {OP_DIV_ASSIGN, "div"}, {OP_MOD_ASSIGN, "mod"}, {OP_AND_ASSIGN, "and"},
      {OP_OR_ASSIGN, "or"},   {OP_XOR_ASSIGN, "xor"}, {OP_SHL_ASSIGN, "shl"},
      {OP_SHR_ASSIGN, "shr"},
  };
  if (!cxx_mode || e->kind != E_ASSIGN || !e->a->ty || e->a->ty->kind != TY_ENUM)
    return false;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].op == e->op) {
      put(p, "__ompicc_enum_");
      put(p, names[i].name);
      putch(p, '(');
      expr_at(p, e->a, P_ASSIGN);
      put(p, ", ");
      expr_at(p, e->b, P_ASSIGN);
      putch(p, ')');
      return true;
    }
  return false;
}

/* GNU C's arithmetic on void * and on function pointers, which counts
 * in bytes (sizeof (void) is 1 to gcc) and which C++ refuses: in C++ mode
 * the device library's __ompicc_void_add(p, i), _sub, _diff, and the
 * assigning forms (_add_assign, _inc, _post_inc, ...), each as on char *. */
static bool byte_pointer(const Type *t)
{
  return t && t->kind == TY_POINTER && t->base &&
         (t->base->kind == TY_VOID || t->base->kind == TY_FUNC);
}

static void void_helper(Printer *p, const char *name, const Expr *a, const Expr *b)
{
  put(p, "__ompicc_void_");
  put(p, name);
  putch(p, '(');
  expr_at(p, a, P_ASSIGN);
  if (b) {
    put(p, ", ");
    expr_at(p, b, P_ASSIGN);
  }
  putch(p, ')');
}

/* &&a - &&b: the difference of the labels' numbers (label_value), a
 * constant, as gcc's is (a relative table: static const int off[] =
 * {&&a - &&base, ...}, where a device function's static needs one). */
static int label_number(const char *name)
{
  for (int i = 0; label_values && i < label_values->len; i++)
    if (!strcmp(label_values->items[i], name))
      return i + 1;
  return 0;
}

static bool label_difference(Printer *p, const Expr *a, const Expr *b)
{
  a = expr_unparen((Expr *)a), b = expr_unparen((Expr *)b);
  if (a->kind != E_LABEL_ADDR || b->kind != E_LABEL_ADDR)
    return false;
  int na = label_number(a->text), nb = label_number(b->text);
  if (!na || !nb)
    return false;
  sb_printf(p->b, "%dL", na - nb);
  return true;
}

static bool void_arithmetic(Printer *p, const Expr *e)
{
  if (!cxx_mode || !e->a || !e->a->ty)
    return false;
  const Type *ta = e->a->ty, *tb = e->b ? e->b->ty : NULL;
  switch (e->kind) {
  case E_PREINC: case E_PREDEC: case E_POSTINC: case E_POSTDEC:
    if (!byte_pointer(ta))
      return false;
    void_helper(p, e->kind == E_PREINC ? "inc" : e->kind == E_PREDEC ? "dec"
                   : e->kind == E_POSTINC ? "post_inc" : "post_dec", e->a, NULL);
    return true;
  case E_ASSIGN:
    if (!byte_pointer(ta) || (e->op != OP_ADD_ASSIGN && e->op != OP_SUB_ASSIGN))
      return false;
    void_helper(p, e->op == OP_ADD_ASSIGN ? "add_assign" : "sub_assign", e->a, e->b);
    return true;
  case E_BINARY:
    if (e->op == OP_SUB && label_difference(p, e->a, e->b))
      return true;
    if (e->op == OP_ADD && (byte_pointer(ta) || byte_pointer(tb))) {
      bool first = byte_pointer(ta);
      void_helper(p, "add", first ? e->a : e->b, first ? e->b : e->a);
      return true;
    }
    if (e->op == OP_SUB && byte_pointer(ta)) {
      void_helper(p, byte_pointer(tb) ? "diff" : "sub", e->a, e->b);
      return true;
    }
    return false;
  default:
    return false;
  }
}

static void binary(Printer *p, const Expr *e)
{
  if (enum_compound_assign(p, e) || void_arithmetic(p, e))
    return;
  Prec prec = e->kind == E_ASSIGN ? P_ASSIGN : binary_prec[e->op];
  if (e->kind == E_ASSIGN) {
    expr_at(p, e->a, P_UNARY);
  } else
    expr_at(p, e->a, prec);
  put(p, e->op == OP_COMMA ? "" : " ");
  put(p, op_spelling[e->op]);
  putch(p, ' ');
  bool cast = e->kind == E_ASSIGN && e->op == OP_ASSIGN && needs_cxx_cast(e->a->ty, e->b);
  if (cast)
    cast_to_typeof(p, e->a);
  /* Assignment groups to the right, the others to the left. */
  if (cast)
    expr_at(p, e->b, P_CAST);
  else if (e->kind == E_ASSIGN && e->op == OP_ASSIGN)
    converted(p, e->a->ty, e->b, false);
  else
    expr_at(p, e->b, e->kind == E_ASSIGN ? P_ASSIGN : prec + 1);
}

static void conditional(Printer *p, const Expr *e)
{
  expr_at(p, e->a, P_LOGOR);
  if (e->b) {
    put(p, " ? ");
    expr_at(p, e->b, P_COMMA);
    put(p, " : ");
  } else
    put(p, " ?: ");
  expr_at(p, e->c, P_COND);
}

static void unary(Printer *p, const Expr *e)
{
  if (cxx_mode && (e->op == OP_REAL || e->op == OP_IMAG)) {
    /* the device library's complex type (devlib-cuda/omp-complex.h) */
    put(p, e->op == OP_REAL ? "__ompicc_real(" : "__ompicc_imag(");
    expr_at(p, e->a, P_ASSIGN);
    putch(p, ')');
    return;
  }
  const Expr *literal = expr_unparen(e->a);
  if (cxx_mode && e->op == OP_ADDR && literal->kind == E_COMPOUND_LIT &&
      !vec_has(&literal_temps, literal))
    vec_push(&literal_temps, (void *)literal); /* cast: an lvalue, where not declared */
  prefix_op(p, op_spelling[e->op], e->a, P_CAST);
}

/* An imaginary constant (GNU C: 2i, 1.0iF, what complex.h's I expands
 * to) in C++ mode: the device library's complex value, its real type
 * from the suffix that remains without the i or j. */
static bool imaginary_constant(Printer *p, const Expr *e)
{
  const char *t = e->text;
  size_t n = strlen(t), i = n;
  bool hex = n > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
  while (i > 0 && strchr("iIjJfFlLuU", t[i - 1]) && !(hex && strchr("fF", t[i - 1])))
    i--;
  StrBuf num = {0}, suffix = {0};
  bool imag = false;
  sb_printf(&num, "%.*s", (int)i, t);
  for (size_t k = i; k < n; k++)
    if (strchr("iIjJ", t[k]))
      imag = true;
    else
      sb_putc(&suffix, t[k]);
  if (!imag)
    return false;
  const char *sx = suffix.s ? suffix.s : "";
  const char *real = e->kind == E_INT ? (strpbrk(sx, "uU") ? "unsigned" : "int")
                     : strpbrk(sx, "fF")  ? "float"
                     : strpbrk(sx, "lL")  ? "long double"
                                          : "double";
  put(p, xasprintf("__ompicc_complex<%s>(0, %s%s)", real, num.s, sx));
  return true;
}

/* sizeof x, sizeof(x), sizeof -x: a space unless a parenthesis follows. */
static void keyword_operand(Printer *p, const char *kw, const Expr *a)
{
  StrBuf *b = p->b;
  const Expr *operand = expr_unparen((Expr *)a);
  if (cxx_mode && !strcmp(kw, "sizeof") && operand->kind == E_IDENT && operand->sym &&
      vec_has(&vla_locals, operand->sym)) {
    put(p, "__ompicc_vla_"); /* a variable-length array's bytes (vla_decl) */
    put(p, print_cxx_name(operand->sym->name));
    put(p, ".bytes");
    return;
  }
  put(p, kw);
  if (cxx_mode && operand->kind == E_CHAR && operand->text[0] == '\'') {
    /* a character constant is an int in C (C11 6.4.4.4p10), a char in
     * C++: sizeof 'a' is 4 */
    put(p, "(int)");
    return;
  }
  size_t at = b->len;
  expr_at(p, a, P_UNARY);
  if (at < b->len && b->s[at] != '(') {
    insert_space(b, at);
  }
}

static void array_length(Printer *p, const Type *t);

/* d without its array part nearest the name (the outermost dimension of
 * the type it declares), or NULL when that is not an array part. */
static Declarator *drop_first_array(const Declarator *d)
{
  if (!d || (d->kind == DK_IDENT))
    return NULL;
  if (d->kind == DK_ARRAY && (!d->inner || d->inner->kind == DK_IDENT))
    return d->inner ? d->inner : mk_ident_declarator(d->loc, NULL);
  Declarator *inner = drop_first_array(d->inner);
  if (!inner)
    return NULL;
  Declarator *c = xmalloc(sizeof *c);
  *c = *d;
  c->inner = inner;
  return c;
}

/* sizeof of a variable-length array type (sizeof(int[n][m])) in C++ mode,
 * which has none: the outer length times the size of the element type,
 * in turn (C11 6.5.3.4p2: evaluated at run time).  False when t is not
 * such a type written with its array declarator. */
static bool vla_sizeof(Printer *p, const TypeName *t)
{
  if (!cxx_mode || !t->ty || t->ty->kind != TY_ARRAY || !type_is_vla(t->ty))
    return false;
  Declarator *rest = drop_first_array(t->decl);
  if (!rest)
    return false;
  TypeName elem = *t;
  elem.decl = rest;
  elem.ty = t->ty->base;
  put(p, "((size_t)");
  array_length(p, t->ty);
  put(p, " * ");
  if (!vla_sizeof(p, &elem)) {
    put(p, "sizeof(");
    type_name(p, &elem);
    putch(p, ')');
  }
  putch(p, ')');
  return true;
}

static void keyword_type(Printer *p, const char *kw, const TypeName *t)
{
  if (!strcmp(kw, "sizeof") && vla_sizeof(p, t))
    return;
  put(p, kw);
  putch(p, '(');
  type_name(p, t);
  putch(p, ')');
}

static void section(Printer *p, const Expr *e)
{
  expr_at(p, e->a, P_POSTFIX);
  putch(p, '[');
  expr_at(p, e->b, P_LOGOR);
  putch(p, ':');
  expr_at(p, e->c, P_LOGOR);
  if (e->d) {
    putch(p, ':');
    expr_at(p, e->d, P_LOGOR);
  }
  putch(p, ']');
}

/* An argument converts to its parameter's type as by assignment. */
/* The rank of a real floating type for <tgmath.h> (C11 7.25): float 1,
 * double or an integer 2, long double 3; a complex type its base's. */
static int tgmath_rank(const Type *t)
{
  if (t && t->kind == TY_COMPLEX)
    t = t->base;
  if (!t)
    return 2;
  switch (type_unqualified((Type *)t)->kind) {
  case TY_FLOAT:
    return 1;
  case TY_LDOUBLE:
  case TY_FLOAT80:
  case TY_FLOAT64X:
  case TY_FLOAT128:
  case TY_FLOAT128X:
    return 3;
  default:
    return 2;
  }
}

static const Type *function_type(const Expr *f)
{
  const Type *t = f->ty;
  return t && type_is_pointer(t) ? type_elem(t) : t;
}

/* __builtin_tgmath(f, d, l, cf, cd, cl, args...), what gcc's <tgmath.h>
 * makes of sqrt(x): the function C11 7.25 chooses by the arguments of the
 * generic parameters (those whose types differ among the functions):
 * complex if one is, then the widest of float, double (an integer counts
 * as double) and long double.  *nfuncs gets the number of functions; NULL
 * when the call is not one. */
static const Expr *tgmath_choice(const Expr *e, int *nfuncs)
{
  const Expr *callee = expr_unparen((Expr *)e->a);
  if (callee->kind != E_IDENT || strcmp(callee->text, "__builtin_tgmath"))
    return NULL;
  int n = 0;
  while (n < e->args.len) {
    const Expr *a = expr_unparen(e->args.items[n]);
    const Type *t = function_type(a);
    if (a->kind != E_IDENT || !t || t->kind != TY_FUNC)
      break;
    n++;
  }
  int nargs = e->args.len - n;
  if (n == 0 || nargs == 0)
    return NULL;
  const Type *first = function_type(e->args.items[0]);
  int rank = 0;
  bool complex = false;
  for (int i = 0; i < nargs; i++) {
    bool generic = false;
    for (int k = 1; k < n && i < first->params.len; k++) {
      const Type *f = function_type(e->args.items[k]);
      if (i < f->params.len && type_unqualified(f->params.items[i])->kind !=
                                   type_unqualified(first->params.items[i])->kind)
        generic = true;
    }
    if (!generic)
      continue;
    const Type *t = ((const Expr *)e->args.items[n + i])->ty;
    complex |= t && t->kind == TY_COMPLEX;
    int r = tgmath_rank(t);
    rank = r > rank ? r : rank;
  }
  *nfuncs = n;
  for (int k = 0; k < n; k++) {
    const Type *ret = function_type(e->args.items[k])->base;
    if ((ret && ret->kind == TY_COMPLEX) == complex && tgmath_rank(ret) == (rank ? rank : 2))
      return expr_unparen(e->args.items[k]);
  }
  return expr_unparen(e->args.items[0]);
}

static void call(Printer *p, const Expr *e)
{
  int nfuncs;
  const Expr *chosen = cxx_mode ? tgmath_choice(e, &nfuncs) : NULL;
  if (chosen) { /* C++ has no __builtin_tgmath: the call of the function */
    Expr c = *e;
    c.a = (Expr *)chosen;
    c.args = (Vec){e->args.items + nfuncs, e->args.len - nfuncs, 0};
    call(p, &c);
    return;
  }
  expr_at(p, e->a, P_POSTFIX);
  putch(p, '(');
  const Type *f = e->a->ty && type_is_pointer(e->a->ty) ? type_elem(e->a->ty) : e->a->ty;
  const Vec *params = f && f->kind == TY_FUNC && f->prototyped ? &f->params : NULL;
  const Expr *callee = expr_unparen((Expr *)e->a);
  bool library = cxx_mode && callee->kind == E_IDENT && callee->sym &&
                 callee->sym->kind == SYM_FUNC && print_system_root(callee->sym->loc.file);
  for (int i = 0; i < e->args.len; i++) {
    if (i)
      put(p, ", ");
    converted(p, params && i < params->len ? params->items[i] : NULL, e->args.items[i],
              library);
  }
  putch(p, ')');
}

/* _Generic; in C++ mode, which has none, the expression it selects (C11
 * 6.5.1.1p3: the others are not evaluated, nor is the controlling one). */
static void generic(Printer *p, const Expr *e)
{
  GenericAssoc *g;
  VEC_EACH(GenericAssoc *, g, e->assocs)
    if (cxx_mode && g->chosen) {
      putch(p, '(');
      expr_at(p, g->expr, P_COMMA);
      putch(p, ')');
      return;
    }
  put(p, e->text ? e->text : "_Generic");
  putch(p, '(');
  expr_at(p, e->a, P_ASSIGN);
  VEC_EACH(GenericAssoc *, g, e->assocs) {
    put(p, ", ");
    if (g->type)
      type_name(p, g->type);
    else
      put(p, "default");
    put(p, ": ");
    expr_at(p, g->expr, P_ASSIGN);
  }
  putch(p, ')');
}

static void stmt_expr(Printer *p, const Expr *e)
{
  putch(p, '(');
  if (e->stmt && e->stmt->kind == S_COMPOUND)
    compound(p, e->stmt, p->indent);
  else
    put(p, "{}");
  putch(p, ')');
}

/* __builtin_offsetof(type, member), __builtin_va_arg(ap, type),
 * __builtin_types_compatible_p(t1, t2), __builtin_convertvector(e, type). */
static void builtin(Printer *p, const Expr *e, const char *name)
{
  put(p, e->text ? e->text : name);
  putch(p, '(');
  switch (e->kind) {
  case E_OFFSETOF:
    type_name(p, e->type);
    put(p, ", ");
    expr_at(p, e->a, P_POSTFIX);
    break;
  case E_VA_ARG:
    expr_at(p, e->a, P_ASSIGN);
    put(p, ", ");
    type_name(p, e->type);
    break;
  case E_TYPES_COMPAT:
    type_name(p, e->type);
    put(p, ", ");
    type_name(p, e->type2);
    break;
  default: /* E_BUILTIN_TYPE */
    expr_list(p, &e->args);
    if (e->type) {
      if (e->args.len)
        put(p, ", ");
      type_name(p, e->type);
    }
  }
  putch(p, ')');
}

/* GNU C's cast of a value to a union type (union u)x: the named member
 * of x's type that it initializes, or NULL when e is no such cast. */
static const Member *union_member_of(const Expr *e)
{
  const Type *u = e->ty, *t = e->a ? e->a->ty : NULL;
  if (!u || u->kind != TY_UNION || !u->rec || !t || type_equal(u, t))
    return NULL;
  Member *m;
  VEC_EACH(Member *, m, u->rec->members)
    if (m->name && m->ty && type_equal(type_unqualified(m->ty), type_unqualified((Type *)t)))
      return m;
  return NULL;
}

static void cast(Printer *p, const Expr *e)
{
  for (int i = literal_exprs.len - 1; cxx_mode && i >= 0; i--)
    if (literal_exprs.items[i] == e) { /* hoist_literals */
      put(p, literal_names.items[i]);
      return;
    }
  bool in_place = cxx_mode && e->kind == E_COMPOUND_LIT &&
                  ((e->ty && e->ty->kind == TY_ARRAY) || vec_has(&literal_temps, e));
  const Member *into = cxx_mode && e->kind == E_CAST ? union_member_of(e) : NULL;
  if (into) { /* GNU C's cast to a union: a literal of it, C++ has no such cast */
    put(p, "((");
    type_name(p, e->type);
    sb_printf(p->b, "){.%s = ", print_cxx_name(into->name));
    expr_at(p, e->a, P_ASSIGN);
    put(p, "})");
    return;
  }
  if (in_place)
    put(p, "__ompicc_lvalue(");
  putch(p, '(');
  type_name(p, e->type);
  putch(p, ')');
  if (e->kind != E_COMPOUND_LIT)
    expr_at(p, e->a, P_CAST);
  else {
    init_of(p, e->ty, e->init);
    if (in_place)
      putch(p, ')');
  }
}

static void postfix(Printer *p, const Expr *e)
{
  expr_at(p, e->a, P_POSTFIX);
  switch (e->kind) {
  case E_INDEX:
    putch(p, '[');
    expr_at(p, e->b, P_COMMA);
    putch(p, ']');
    break;
  case E_MEMBER:
    putch(p, '.');
    put(p, print_cxx_name(e->text));
    break;
  case E_ARROW:
    put(p, "->");
    put(p, print_cxx_name(e->text));
    break;
  case E_POSTINC:
    put(p, "++");
    break;
  default: /* E_POSTDEC */
    put(p, "--");
  }
}

/* GNU C's labels as values (&&label, goto *p), which nvcc has not in
 * device code: in C++ mode a label's value is its number among the
 * labels of its function whose address is taken, from 1, as a pointer,
 * and goto *p a switch over those numbers. */
static WalkAction collect_label_value(Expr **slot, void *user)
{
  Vec *names = user;
  const Expr *e = *slot;
  if (e->kind == E_LABEL_ADDR) {
    for (int i = 0; i < names->len; i++)
      if (!strcmp(names->items[i], e->text))
        return WALK_CONTINUE;
    vec_push(names, (void *)e->text);
  }
  return WALK_CONTINUE;
}

/* The labels whose address body takes (NULL when none, or in C mode). */
static Vec *label_values_of(Stmt *body)
{
  if (!cxx_mode || !body)
    return NULL;
  Vec *names = xcalloc(1, sizeof *names);
  Walker w = {.expr_pre = collect_label_value, .user = names};
  walk_stmt(&w, &body);
  return names->len ? names : NULL;
}

static bool label_value(Printer *p, const char *name)
{
  int n = label_number(name);
  if (n)
    sb_printf(p->b, "((void *)%dUL)", n);
  return n != 0;
}

/* C11's atomic objects (6.2.5p27, 6.5.16.2p3, 7.17) in C++ mode: C++
 * has no _Atomic, so the kernel file declares them without it, and each
 * access is a call of the device library (ompicc-device.h, "C11 atomic
 * objects"), sequentially consistent as C's operators on them are:
 *
 *   x (its value)   __ompicc_c11_load(&(x))
 *   x = e           __ompicc_c11_store(&(x), e)
 *   x op= e         __ompicc_c11_update(&(x), e, [](auto __o, auto __v) { return __o op __v; }, 1)
 *   ++x, x--, ...   __ompicc_c11_update(&(x), 1, ...+ or -..., 1 or 0)
 *
 * &x is the object's address; its other operands (sizeof, typeof) read
 * no value, and reading one there changes no type. */
static const Expr *object_kept; /* printed as the object, not its value */
static int directive_depth;      /* in a directive's text: its list items are objects */

static bool atomic_object(const Expr *e)
{
  if (!e->ty || !(e->ty->quals & Q_ATOMIC))
    return false;
  switch (e->kind) {
  case E_IDENT:
    return e->sym && (e->sym->kind == SYM_VAR || e->sym->kind == SYM_PARAM);
  case E_INDEX: case E_MEMBER: case E_ARROW:
    return true;
  case E_UNARY:
    return e->op == OP_DEREF;
  case E_PAREN:
    return atomic_object(e->a);
  default:
    return false;
  }
}

/* &(x): the object itself */
static void atomic_address(Printer *p, const Expr *x)
{
  object_kept = expr_unparen((Expr *)x);
  put(p, "&(");
  expr_at(p, object_kept, P_COMMA);
  putch(p, ')');
}

static void atomic_update(Printer *p, const Expr *x, const char *op, const Expr *v, bool after)
{
  put(p, "__ompicc_c11_update(");
  atomic_address(p, x);
  put(p, ", ");
  if (v)
    expr_at(p, v, P_ASSIGN);
  else
    putch(p, '1');
  sb_printf(p->b, ", [](auto __o, auto __v) { return __o %s __v; }, %d)", op, after);
}

static bool atomic_access(Printer *p, const Expr *e)
{
  if (directive_depth)
    return false;
  if (e == object_kept) {
    object_kept = NULL;
    return false;
  }
  switch (e->kind) {
  case E_ASSIGN:
    if (!atomic_object(e->a))
      return false;
    if (e->op == OP_ASSIGN) {
      put(p, "__ompicc_c11_store(");
      atomic_address(p, e->a);
      put(p, ", ");
      expr_at(p, e->b, P_ASSIGN);
      putch(p, ')');
    } else { /* "+=" less its "=" */
      const char *spelled = op_spelling[e->op];
      atomic_update(p, e->a, xasprintf("%.*s", (int)strlen(spelled) - 1, spelled), e->b, true);
    }
    return true;
  case E_PREINC: case E_PREDEC: case E_POSTINC: case E_POSTDEC:
    if (!atomic_object(e->a))
      return false;
    atomic_update(p, e->a, e->kind == E_PREINC || e->kind == E_POSTINC ? "+" : "-", NULL,
                  e->kind == E_PREINC || e->kind == E_PREDEC);
    return true;
  case E_UNARY:
    if (e->op != OP_ADDR || !atomic_object(e->a))
      break;
    putch(p, '&');
    object_kept = expr_unparen(e->a);
    expr_at(p, object_kept, P_CAST);
    return true;
  default:
    break;
  }
  if (!atomic_object(e))
    return false;
  put(p, "__ompicc_c11_load(");
  atomic_address(p, e);
  putch(p, ')');
  return true;
}

static void expr(Printer *p, const Expr *e)
{
  if (cxx_mode && atomic_access(p, e))
    return;
  p->in_expr++;
  switch (e->kind) {
  case E_IDENT: {
    const char *other = cxx_mode && ident_hook ? ident_hook(e) : NULL;
    put(p, other ? other : print_cxx_name(e->text));
    break;
  }
  case E_INT: case E_FLOAT: case E_CHAR: case E_STRING:
    if (!(cxx_mode && (e->kind == E_INT || e->kind == E_FLOAT) && imaginary_constant(p, e)))
      put(p, e->text);
    break;
  case E_PAREN:
    putch(p, '(');
    expr_at(p, e->a, P_COMMA);
    putch(p, ')');
    break;
  case E_INDEX: case E_MEMBER: case E_ARROW: case E_POSTINC: case E_POSTDEC:
    if (!void_arithmetic(p, e))
      postfix(p, e);
    break;
  case E_SECTION:
    section(p, e);
    break;
  case E_CALL:
    call(p, e);
    break;
  case E_PREINC: case E_PREDEC:
    if (!void_arithmetic(p, e))
      prefix_op(p, e->kind == E_PREINC ? "++" : "--", e->a, P_UNARY);
    break;
  case E_UNARY:
    unary(p, e);
    break;
  case E_SIZEOF_EXPR:
    keyword_operand(p, "sizeof", e->a);
    break;
  case E_SIZEOF_TYPE:
    keyword_type(p, "sizeof", e->type);
    break;
  case E_ALIGNOF_EXPR:
    keyword_operand(p, e->text && !cxx_mode ? e->text : "__alignof__", e->a);
    break;
  case E_ALIGNOF_TYPE:
    keyword_type(p, cxx_mode ? "alignof" : e->text ? e->text : "_Alignof", e->type);
    break;
  case E_CAST: case E_COMPOUND_LIT:
    cast(p, e);
    break;
  case E_BINARY: case E_ASSIGN:
    binary(p, e);
    break;
  case E_COND:
    conditional(p, e);
    break;
  case E_GENERIC:
    generic(p, e);
    break;
  case E_STMT_EXPR:
    stmt_expr(p, e);
    break;
  case E_VA_ARG:
    builtin(p, e, "__builtin_va_arg");
    break;
  case E_OFFSETOF:
    builtin(p, e, "__builtin_offsetof");
    break;
  case E_TYPES_COMPAT:
    builtin(p, e, "__builtin_types_compatible_p");
    break;
  case E_BUILTIN_TYPE:
    builtin(p, e, "__builtin_convertvector");
    break;
  case E_LABEL_ADDR:
    if (!label_value(p, e->text)) {
      put(p, "&&");
      put(p, e->text);
    }
    break;
  case E_EXTENSION:
    prefix_op(p, "__extension__ ", e->a, P_CAST);
    break;
  case E_KIND_COUNT:
    break;
  }
  p->in_expr--;
}

/* ---------------------------------------------------------------- initializers */

static void designator(Printer *p, const Designator *d)
{
  switch (d->kind) {
  case DES_FIELD:
    putch(p, '.');
    put(p, d->name);
    break;
  case DES_INDEX:
    putch(p, '[');
    expr_at(p, d->a, P_COND);
    putch(p, ']');
    break;
  case DES_RANGE:
    putch(p, '[');
    expr_at(p, d->a, P_COND);
    put(p, " ... ");
    expr_at(p, d->b, P_COND);
    putch(p, ']');
    break;
  }
}

static void init_item(Printer *p, const InitItem *it)
{
  const Designator *first = it->designators.len ? it->designators.items[0] : NULL;
  if (it->gnu_colon && first && first->kind == DES_FIELD) {
    put(p, first->name);
    put(p, ": ");
  } else if (first) {
    Designator *d;
    VEC_EACH(Designator *, d, it->designators)
      designator(p, d);
    put(p, it->no_equals ? " " : " = ");
  }
  init(p, it->init);
}

/* Start a continuation line at offset at, where a space was printed. */
static void wrap_at(Printer *p, size_t at)
{
  StrBuf *b = p->b;
  int width = 2 * (p->indent + 2);
  for (int i = 0; i < width; i++)
    sb_putc(b, ' ');
  memmove(b->s + at + 1 + width, b->s + at + 1, b->len - width - at - 1);
  b->s[at] = '\n';
  memset(b->s + at + 1, ' ', width);
}

/* A brace list with more items than this wraps inside; a smaller one in
 * a list is moved whole to the next line. */
enum { SMALL_LIST = 8 };

static bool is_big_list(const Init *in)
{
  return in && !in->expr && in->items.len > SMALL_LIST;
}

/* { a, b, c }: on one line, wrapped before an item that would end past
 * WRAP_COL (moving that one item, so the work stays linear), so a table
 * of a thousand numbers takes a few dozen lines.  Big lists inside a list
 * start on a line of their own. */
static void init_list(Printer *p, const Init *in)
{
  StrBuf *b = p->b;
  bool may_wrap = p->list_depth == 0 || is_big_list(in);
  p->list_depth++;
  putch(p, '{');
  for (int i = 0; i < in->items.len; i++) {
    const InitItem *it = in->items.items[i];
    size_t space = b->len + 1;
    if (i)
      put(p, ", ");
    if (i && is_big_list(it->init))
      wrap_at(p, space);
    init_item(p, it);
    if (i && may_wrap && column(p) >= WRAP_COL && !memchr(b->s + space, '\n', b->len - space))
      wrap_at(p, space);
  }
  if (in->trailing_comma && in->items.len)
    putch(p, ',');
  putch(p, '}');
  p->list_depth--;
}

static void init(Printer *p, const Init *in)
{
  if (!in)
    return;
  p->in_expr++;
  if (in->expr)
    converted(p, in->object_ty, in->expr, false);
  else
    init_list(p, in);
  p->in_expr--;
}

/* The initializer of an object of type t: in C++ mode, designators put
 * in the form C++ takes (cxx-init.h). */
static void init_of(Printer *p, Type *t, const Init *in)
{
  /* a character array's string may be in braces (C11 6.7.9p14) */
  const InitItem *only = in && !in->expr && in->items.len == 1 ? in->items.items[0] : NULL;
  if (cxx_mode && only && !only->designators.len && only->init && only->init->expr &&
      t && t->kind == TY_ARRAY && expr_unparen(only->init->expr)->kind == E_STRING)
    in = only->init;
  if (cxx_mode && in && in->expr) {
    p->in_expr++;
    converted(p, t, in->expr, false);
    p->in_expr--;
    return;
  }
  Init *cxx = cxx_mode ? cxx_init(t, in) : NULL;
  init(p, cxx ? cxx : in);
}

/* ---------------------------------------------------------------- declarators */

static void spec_list(Printer *p, const Vec *specs, bool lead_space);

static bool declarator_empty(const Declarator *d)
{
  return !d || (d->kind == DK_IDENT && !d->name && !d->attrs.len);
}

static void attrs(Printer *p, const Vec *v)
{
  spec_list(p, v, true);
}

/* Does an abstract declarator start with '['?  Then  int[3]  reads
 * better without a space. */
static bool starts_with_bracket(const Declarator *d)
{
  while (d && (d->kind == DK_ARRAY || d->kind == DK_FUNC)) {
    if (declarator_empty(d->inner))
      return d->kind == DK_ARRAY;
    if (d->inner->kind == DK_POINTER)
      return false;
    d = d->inner;
  }
  return false;
}

/* The inner part of an array or function declarator: a pointer there
 * needs parentheses, or  (*f)(void)  would print as  *f(void). */
static void suffix_inner(Printer *p, const Declarator *in)
{
  if (in && in->kind == DK_POINTER) {
    putch(p, '(');
    declarator(p, in);
    putch(p, ')');
  } else
    declarator(p, in);
}

/* In C++ mode, the first dimension of an array parameter whose size is
 * not a literal (double v[n]): written empty, since C++ has no
 * variable-length arrays, and C adjusts the parameter to a pointer
 * whatever the size (C11 6.7.6.3p7). */
static const Declarator *cxx_unsized;

static const Declarator *first_dimension(const Declarator *d)
{
  while (d && d->kind == DK_PAREN)
    d = d->inner;
  if (!d || d->kind != DK_ARRAY)
    return NULL;
  while (d->inner && d->inner->kind == DK_ARRAY)
    d = d->inner;
  if (d->inner && d->inner->kind != DK_IDENT)
    return NULL;
  return (d->size && d->size->kind != E_INT) || d->vla_star ? d : NULL;
}

static void param(Printer *p, const Param *pa)
{
  if (!pa->specs) {
    put(p, pa->kr_name ? pa->kr_name : declarator_name(pa->decl));
    return;
  }
  decl_specs(p, pa->specs);
  if (!declarator_empty(pa->decl)) {
    if (!starts_with_bracket(pa->decl))
      putch(p, ' ');
    const Declarator *outer = cxx_unsized;
    cxx_unsized = cxx_mode ? first_dimension(pa->decl) : NULL;
    declarator(p, pa->decl);
    cxx_unsized = outer;
  }
}

static void func_suffix(Printer *p, const Declarator *d)
{
  suffix_inner(p, d->inner);
  putch(p, '(');
  for (int i = 0; i < d->params.len; i++) {
    if (i)
      put(p, ", ");
    param(p, d->params.items[i]);
  }
  if (d->variadic)
    put(p, d->params.len ? ", ..." : "...");
  putch(p, ')');
}

/* Does a constant expression name an object or a function (sizeof
 * table / sizeof *table)?  The kernel file defines its types before its
 * objects, so in C++ mode such a constant in a type (an enumerator, an
 * array's length) is written as the value sema computed, the expression
 * after it as a comment. */
static WalkAction object_named(Expr **slot, void *user)
{
  const Expr *e = *slot;
  (void)user;
  bool object = e->kind == E_IDENT && e->sym &&
                (e->sym->kind == SYM_VAR || e->sym->kind == SYM_FUNC);
  return object ? WALK_STOP : WALK_CONTINUE;
}

static bool names_object(Expr *e)
{
  Walker w = {.expr_pre = object_named};
  return e && !walk_expr(&w, &e);
}

static void array_suffix(Printer *p, const Declarator *d)
{
  suffix_inner(p, d->inner);
  putch(p, '[');
  size_t start = p->b->len;
  /* C's [static n] and [const n] of a parameter (C11 6.7.6.3p7) have no
   * C++ form: a promise of at least n elements, and the qualifiers of
   * the pointer the parameter is, which only its own function sees */
  if (d->is_static && !cxx_mode)
    put(p, "static");
  if (!cxx_mode)
    spec_list(p, &d->quals, d->is_static);
  if ((d->size || d->vla_star) && p->b->len > start)
    putch(p, ' ');
  if (d == cxx_unsized)
    ;
  else if (d->vla_star)
    putch(p, '*');
  else if (cxx_mode && d->size_known && names_object(d->size)) {
    sb_printf(p->b, "%lld /* ", d->known_size);
    expr_at(p, d->size, P_ASSIGN);
    put(p, " */");
  } else
    expr_at(p, d->size, P_ASSIGN);
  putch(p, ']');
}

/* A pointer's attrs were written after the whole declarator (ast.h), as
 * in  T *name __attribute__((unused)); attributes written right after the
 * '*' are among its quals. */
static void pointer(Printer *p, const Declarator *d)
{
  putch(p, '*');
  size_t at = p->b->len;
  spec_list(p, &d->quals, false); /* in C++ mode, none for _Atomic */
  if (!declarator_empty(d->inner)) {
    if (p->b->len > at)
      putch(p, ' ');
    declarator(p, d->inner);
  }
  attrs(p, &d->attrs);
}

static void declarator(Printer *p, const Declarator *d)
{
  if (!d)
    return;
  switch (d->kind) {
  case DK_IDENT:
    if (d->name)
      put(p, print_cxx_name(d->name));
    break;
  case DK_POINTER:
    pointer(p, d);
    return;
  case DK_ARRAY:
    array_suffix(p, d);
    break;
  case DK_FUNC:
    func_suffix(p, d);
    break;
  case DK_PAREN:
    putch(p, '(');
    spec_list(p, &d->quals, false);
    if (d->quals.len && !declarator_empty(d->inner))
      putch(p, ' ');
    declarator(p, d->inner);
    putch(p, ')');
    break;
  }
  attrs(p, &d->attrs);
}

/* ---------------------------------------------------------------- specifiers */

/* An enumerator's value that names an object, in C++ mode (above). */
static bool enumerator_value(Printer *p, const Enumerator *en)
{
  if (!cxx_mode || !names_object(en->value))
    return false;
  sb_printf(p->b, " = %lld /* ", en->known);
  expr_at(p, en->value, P_COND);
  put(p, " */");
  return true;
}

static void enum_body(Printer *p, const StructSpec *su, int indent)
{
  for (int i = 0; i < su->enumerators.len; i++) {
    const Enumerator *en = su->enumerators.items[i];
    begin_line(p, en->loc, indent + 1);
    put(p, en->name);
    attrs(p, &en->attrs);
    if (enumerator_value(p, en))
      ;
    else if (en->value) {
      put(p, " = ");
      expr_at(p, en->value, P_COND);
    }
    if (i + 1 < su->enumerators.len || su->trailing_comma)
      putch(p, ',');
  }
}

static void struct_body(Printer *p, const StructSpec *su)
{
  int indent = p->indent;
  put(p, "{");
  if (su->kw == KW_ENUM)
    enum_body(p, su, indent);
  else {
    Decl *m;
    p->struct_depth++;
    VEC_EACH(Decl *, m, su->members)
      decl_line(p, m, indent + 1);
    p->struct_depth--;
  }
  p->indent = indent;
  if (su->members.len || su->enumerators.len) {
    begin_line(p, (Loc){0}, indent);
  }
  putch(p, '}');
}

/* C++ mode: a struct, union or enum defined inside a struct or union
 * body is a type of the enclosing scope in C (C11 6.2.1p4), but a member
 * of the outer class in C++, where an enumeration's constants would be
 * too.  Such a definition is printed before the outermost one, and the
 * member names its type by tag; a member of an enumeration without a
 * tag gets the enumeration's integer type (C11 6.7.2.2p4: the same size
 * and values). */
static bool hoisted(const Printer *p, const StructSpec *su)
{
  return cxx_mode && p->struct_depth > 0 && su->has_body && (su->tag || su->kw == KW_ENUM);
}

static void struct_spec(Printer *p, const StructSpec *su);

/* The definitions nested in su's body, innermost first, each a
 * declaration of its own at the current indentation. */
static void hoist_nested(Printer *p, const StructSpec *su, int indent)
{
  Decl *m;
  VEC_EACH(Decl *, m, su->members) {
    if (m->kind != D_VAR || !m->specs)
      continue;
    Spec *s;
    VEC_EACH(Spec *, s, m->specs->specs) {
      if (s->kind != SPEC_STRUCT || !s->su->has_body)
        continue;
      hoist_nested(p, s->su, indent);
      if (!s->su->tag && s->su->kw != KW_ENUM)
        continue; /* an anonymous struct stays where it is */
      begin_line(p, s->su->loc, indent);
      int depth = p->struct_depth;
      p->struct_depth = 0;
      struct_spec(p, s->su);
      p->struct_depth = depth;
      put(p, ";\n");
    }
  }
}

/* Before declaration d, in C++ mode: the definitions nested in the
 * structs it defines. */
static void hoist_definitions(Printer *p, const Decl *d, int indent)
{
  if (!cxx_mode || d->kind != D_VAR || !d->specs || p->struct_depth > 0)
    return;
  Spec *s;
  VEC_EACH(Spec *, s, d->specs->specs)
    if (s->kind == SPEC_STRUCT && s->su->has_body && s->su->kw != KW_ENUM)
      hoist_nested(p, s->su, indent);
}

static void struct_spec(Printer *p, const StructSpec *su)
{
  if (hoisted(p, su) && !su->tag) {
    const Type *t = su->ty;
    put(p, t && t->base ? type_str(t->base) : "int");
    return;
  }
  put(p, su->text ? su->text : keyword_name(su->kw));
  attrs(p, &su->attrs);
  if (su->tag) {
    putch(p, ' ');
    put(p, print_cxx_name(su->tag));
  }
  if (su->has_body && !hoisted(p, su)) {
    putch(p, ' ');
    struct_body(p, su);
  }
  attrs(p, &su->attrs_after);
}

/* typeof(x), _Alignas(8), _Atomic(int): a keyword and a parenthesized
 * expression or type. */
static void spec_call(Printer *p, const Spec *s, const char *kw)
{
  /* C++ mode: C's spellings C++ lacks (typeof, _Alignas) as C++'s */
  if (cxx_mode && s->kind == SPEC_TYPEOF)
    put(p, "__typeof__");
  else if (cxx_mode && s->kind == SPEC_ALIGNAS)
    put(p, "alignas");
  else
    put(p, s->text ? s->text : kw);
  putch(p, '(');
  if (s->type)
    type_name(p, s->type);
  else
    expr_at(p, s->expr, s->kind == SPEC_TYPEOF ? P_COMMA : P_COND);
  putch(p, ')');
}

static void spec(Printer *p, const Spec *s)
{
  switch (s->kind) {
  case SPEC_STRUCT:
    struct_spec(p, s->su);
    break;
  case SPEC_TYPEOF:
    spec_call(p, s, "__typeof__");
    break;
  case SPEC_ATOMIC: /* C++ has no _Atomic: the accesses are calls (atomic_access) */
    if (cxx_mode)
      type_name(p, s->type);
    else
      spec_call(p, s, "_Atomic");
    break;
  case SPEC_ALIGNAS:
    spec_call(p, s, "_Alignas");
    break;
  case SPEC_EXTENSION:
    put(p, s->text ? s->text : "__extension__");
    break;
  case SPEC_TYPEDEF_NAME:
    /* C's typedefs of the types C++ has built in (stddef.h, uchar.h), of
     * the same size and signedness on the targets: C++'s own */
    put(p, cxx_mode && (!strcmp(s->text, "wchar_t") || !strcmp(s->text, "char16_t") ||
                        !strcmp(s->text, "char32_t"))
               ? s->text
               : print_cxx_name(s->text));
    break;
  default:
    if (cxx_mode && (s->kw == KW_RESTRICT || s->kw == KW_BOOL || s->kw == KW_AUTO_TYPE))
      put(p, s->kw == KW_RESTRICT ? "__restrict__" : s->kw == KW_BOOL ? "bool" : "auto");
    else
      put(p, s->text ? s->text : keyword_name(s->kw));
  }
}

static bool is_kw_spec(const Spec *s, Keyword kw)
{
  return s->kind == SPEC_TYPE && s->kw == kw;
}

/* The real type keywords a _Complex goes with (GNU C: integer ones too). */
static const Keyword complex_parts[] = {KW_FLOAT, KW_DOUBLE, KW_LONG, KW_INT, KW_SHORT,
                                        KW_CHAR, KW_SIGNED, KW_UNSIGNED};

static bool complex_part(const Spec *s)
{
  for (size_t i = 0; i < sizeof complex_parts / sizeof *complex_parts; i++)
    if (is_kw_spec(s, complex_parts[i]))
      return true;
  return false;
}

/* C++ mode, specifiers with _Complex: the real type's keywords go inside
 * the device library's __ompicc_complex<...> (devlib-cuda/omp-complex.h),
 * printed where the first of them stood; the others stay. */
static bool complex_specs(Printer *p, const Vec *specs, bool lead_space)
{
  bool complex = false;
  for (int i = 0; i < specs->len; i++)
    complex |= is_kw_spec(specs->items[i], KW_COMPLEX);
  if (!cxx_mode || !complex)
    return false;
  bool done = false;
  for (int i = 0, n = 0; i < specs->len; i++) {
    Spec *s = specs->items[i];
    bool part = complex_part(s) || is_kw_spec(s, KW_COMPLEX);
    if (part && done)
      continue;
    if (n++ || lead_space)
      putch(p, ' ');
    if (!part) {
      spec(p, s);
      continue;
    }
    done = true;
    put(p, "__ompicc_complex<");
    int k = 0;
    for (int j = 0; j < specs->len; j++)
      if (complex_part(specs->items[j])) {
        if (k++)
          putch(p, ' ');
        spec(p, specs->items[j]);
      }
    put(p, k ? ">" : "double>"); /* _Complex alone: double (GNU C) */
  }
  return true;
}

static void spec_list(Printer *p, const Vec *specs, bool lead_space)
{
  if (complex_specs(p, specs, lead_space))
    return;
  int n = 0;
  for (int i = 0; i < specs->len; i++) {
    const Spec *s = specs->items[i];
    if (cxx_mode && s->kind == SPEC_QUAL && s->kw == KW_ATOMIC)
      continue; /* C++ has no _Atomic: the accesses are calls (atomic_access) */
    if (n++ || lead_space)
      putch(p, ' ');
    spec(p, s);
  }
}

static bool is_type_spec(const Spec *s)
{
  return s->kind == SPEC_TYPE || s->kind == SPEC_TYPEDEF_NAME || s->kind == SPEC_STRUCT ||
         s->kind == SPEC_TYPEOF || s->kind == SPEC_ATOMIC;
}

/* Specifiers with no type specifier declare an int (implicit int, c.y).
 * C prints them as written, which the host compiler accepts as the user's
 * compiler did; C++ has no implicit int: the int is written out. */
static bool cxx_implicit_int(const DeclSpecs *s)
{
  if (!cxx_mode || !s)
    return false;
  Spec *sp;
  VEC_EACH(Spec *, sp, s->specs)
    if (is_type_spec(sp))
      return false;
  return true;
}

/* Do the specifiers print as anything? */
static bool specs_shown(const DeclSpecs *s)
{
  return s && (s->specs.len || cxx_implicit_int(s));
}

static void decl_specs(Printer *p, const DeclSpecs *s)
{
  if (!s)
    return;
  spec_list(p, &s->specs, false);
  if (cxx_implicit_int(s))
    put(p, s->specs.len ? " int" : "int");
}

static void type_name(Printer *p, const TypeName *t)
{
  if (!t)
    return;
  decl_specs(p, t->specs);
  if (declarator_empty(t->decl))
    return;
  if (!starts_with_bracket(t->decl) && specs_shown(t->specs))
    putch(p, ' ');
  declarator(p, t->decl);
}

/* ---------------------------------------------------------------- declarations */

/* C lets a goto or a case label jump past a declaration into its scope
 * (the variable's value is then indeterminate, C11 6.8.6.1); C++ refuses
 * to jump past an initialization.  In C++ mode, an automatic scalar
 * initialized in a block where a label follows is declared first and
 * assigned after: int x = 5;  ->  int x; x = 5;  (not an __auto_type one,
 * whose type is its initializer's). */
static bool split_init(const Printer *p, const InitDecl *id)
{
  return p->split_inits && id->init && id->init->expr && id->sym && !id->sym->auto_type &&
         (id->sym->storage == ST_LOCAL || id->sym->storage == ST_REGISTER) &&
         type_is_scalar(id->sym->ty) && !(id->sym->ty->quals & Q_CONST);
}

/* Has s a label that a jump from outside s can reach: a switch's own case
 * labels are reached only from the switch (6.8.4.2p3), cases outside one
 * from an enclosing switch. */
static bool has_label(const Stmt *s, bool cases)
{
  if (!s)
    return false;
  if (s->kind == S_LABEL || ((s->kind == S_CASE || s->kind == S_DEFAULT) && cases))
    return true;
  if (s->kind == S_COMPOUND) {
    Stmt *item;
    VEC_EACH(Stmt *, item, s->items)
      if (has_label(item, cases))
        return true;
    return false;
  }
  if (s->kind == S_FOR && has_label(s->init, cases))
    return true;
  if (s->kind == S_SWITCH)
    cases = false;
  return s->kind != S_VERBATIM && s->kind != S_DECL &&
         (has_label(s->body, cases) || has_label(s->else_, cases));
}

/* In C++ mode, an automatic object whose initializer C++ has no brace
 * list for (a union's anonymous member that is not its first,
 * cxx-init.h) is declared without it, set to zero and assigned member by
 * member after the declaration: union v x = {.hi = 7};  ->  union v x;
 * __builtin_memset(&x, 0, sizeof x); x.hi = 7;  (The kernel file's
 * variables with static storage are write_globals' in kernels.c.) */
static Vec assigned_init(const Printer *p, const InitDecl *id)
{
  Vec none = {0};
  const Symbol *s = id->sym;
  if (!cxx_mode || p->in_for_init || !id->init || id->init->expr || !s || s->kind != SYM_VAR ||
      s->auto_type || (s->ty->quals & Q_CONST) ||
      (s->storage != ST_LOCAL && s->storage != ST_REGISTER))
    return none;
  return cxx_init_assignments(s->ty, id->init);
}

/* " memset(&name...); name.path = value; ..." of assigned_init. */
static void init_assignments(Printer *p, const char *name, const Vec *assigns)
{
  sb_printf(p->b, " __builtin_memset(&%s, 0, sizeof %s);", name, name);
  CxxAssign *a;
  VEC_EACH(CxxAssign *, a, *assigns) {
    sb_printf(p->b, " %s", name);
    CxxStep *st;
    VEC_EACH(CxxStep *, st, a->steps) {
      if (st->member)
        sb_printf(p->b, ".%s", print_cxx_name(st->member));
      else
        sb_printf(p->b, "[%ld]", st->index);
    }
    put(p, " = ");
    p->in_expr++;
    converted(p, a->value->object_ty, a->value->expr, false);
    p->in_expr--;
    putch(p, ';');
  }
}

static void init_decl(Printer *p, const InitDecl *id)
{
  declarator(p, id->decl);
  if (id->asm_label) {
    putch(p, ' ');
    put(p, id->asm_label);
  }
  if (id->bitfield) {
    put(p, last_char(p) == ' ' ? ": " : " : ");
    expr_at(p, id->bitfield, P_COND);
  }
  attrs(p, &id->attrs); /* a bit-field's follow its width (c.y) */
  if (id->init && !split_init(p, id) && !assigned_init(p, id).len) {
    put(p, " = ");
    if (id->sym && id->init->expr && needs_cxx_cast(id->sym->ty, id->init->expr)) {
      put(p, "(__typeof__(");
      put(p, print_cxx_name(declarator_name(id->decl)));
      put(p, "))");
      p->in_expr++;
      expr_at(p, id->init->expr, P_CAST);
      p->in_expr--;
    } else if (id->sym && id->init->expr && complex_to_real(id->sym->ty, id->init->expr)) {
      p->in_expr++;
      converted(p, id->sym->ty, id->init->expr, false);
      p->in_expr--;
    } else
      init_of(p, id->sym ? id->sym->ty : NULL, id->init);
  }
}

static void extensions(Printer *p, int n)
{
  for (int i = 0; i < n; i++)
    put(p, "__extension__ ");
}

/* ---------------------------------------------------------------- variable-length arrays
 * C++ has no variable-length arrays, and nvcc none in device code.  In
 * C++ mode a block's array whose length is known at run time only
 * (C11 6.7.6.2p4) gets its bytes from the device library's
 * __ompicc_vla_storage, which lives, as the array does, until its block
 * ends; the name is then a pointer to its first element (double w[n],
 * double w[n][3]), or, with a variable inner length, a view that indexes
 * as the array (double m[n][k]: __ompicc_vla<double, 2>).  sizeof of the
 * name is the storage's size.  Other forms are printed as written.  So
 * is a block's array of length 0 (GNU C), which nvcc refuses too. */

/* The declarator chain of an array: the array parts, name last. */
static bool pure_array_declarator(const Declarator *d)
{
  for (; d && d->kind == DK_ARRAY; d = d->inner)
    ;
  return d && d->kind == DK_IDENT;
}

/* The innermost element type of id's array, as C++ reads it: d's
 * specifiers for an array of them (pt w[n]), else its C spelling (double
 * *w[n]); NULL when it has none (an unnamed struct through a pointer). */
static const char *vla_elem(const Decl *d, const InitDecl *id)
{
  const Type *e = id->sym->ty;
  while (e->kind == TY_ARRAY)
    e = e->base;
  if (pure_array_declarator(id->decl)) {
    DeclSpecs *type = mk_specs(d->specs->loc); /* without register, attributes */
    Spec *s;
    VEC_EACH(Spec *, s, d->specs->specs)
      if (s->kind != SPEC_STORAGE && s->kind != SPEC_ATTR)
        vec_push(&type->specs, s);
    StrBuf b = {0};
    print_decl_specs(&b, type);
    return sb_take(&b);
  }
  const char *text = type_str(e);
  return strchr(text, '<') ? NULL : text;
}

/* GNU C's array of length 0 (int none[0]), whose size is 0: nvcc
 * refuses such a variable in device code, so it is declared as a
 * variable-length array is. */
static bool zero_length(const Type *t)
{
  return t->kind == TY_ARRAY && t->size == 0;
}

/* Does the printer declare id, of declaration d, through the storage?
 * Not an array of pointers to variable-length arrays, which C++ cannot
 * spell. */
static bool vla_local(const Decl *d, const InitDecl *id)
{
  if (!cxx_mode || !id->sym || id->init || id->sym->kind != SYM_VAR || !id->decl ||
      (id->sym->storage != ST_LOCAL && id->sym->storage != ST_REGISTER) ||
      !(type_is_vla(id->sym->ty) || zero_length(id->sym->ty)))
    return false;
  return (pure_array_declarator(id->decl) || !type_is_vla(id->sym->ty->base)) &&
         vla_elem(d, id);
}

/* The length of array type t as an expression, printed. */
static void array_length(Printer *p, const Type *t)
{
  if (t->vla_len) {
    putch(p, '(');
    expr_at(p, t->vla_len, P_COMMA);
    putch(p, ')');
  } else
    sb_printf(p->b, "%ld", t->len);
}

/* d with its first array part (the one nearest the name) read as a
 * pointer named text. */
static Declarator *first_part_as_pointer(const Declarator *d, const char *text)
{
  if (d->kind == DK_ARRAY && d->inner && d->inner->kind == DK_IDENT)
    return mk_ident_declarator(d->loc, text);
  Declarator *c = xmalloc(sizeof *c);
  *c = *d;
  if (d->inner)
    c->inner = first_part_as_pointer(d->inner, text);
  return c;
}

static void vla_decl(Printer *p, const Decl *d, const InitDecl *id)
{
  const Type *t = id->sym->ty;
  const char *name = print_cxx_name(id->sym->name), *elem = vla_elem(d, id);
  put(p, vla_storage ? vla_storage : "__ompicc_vla_storage");
  put(p, " __ompicc_vla_");
  put(p, name);
  put(p, "((size_t)");
  /* the bytes: the lengths times the innermost element's size */
  for (const Type *e = t; e->kind == TY_ARRAY; e = e->base) {
    array_length(p, e);
    put(p, " * ");
  }
  sb_printf(p->b, "sizeof(%s));", elem);
  vec_push(&vla_locals, id->sym);
  putch(p, ' ');
  if (type_is_vla(t->base)) { /* a view (pure_array_declarator: vla_local) */
    int dims = 0;
    for (const Type *a = t; a->kind == TY_ARRAY; a = a->base)
      dims++;
    sb_printf(p->b, "__ompicc_vla<%s, %d> %s = {(%s *)__ompicc_vla_%s.p, {", elem, dims, name,
              elem, name);
    for (const Type *a = t->base; a->kind == TY_ARRAY; a = a->base) {
      if (a != t->base)
        put(p, ", ");
      for (const Type *b = a; b->kind == TY_ARRAY; b = b->base) {
        if (b != a)
          put(p, " * ");
        array_length(p, b);
      }
    }
    put(p, "}};");
    return;
  }
  decl_specs(p, d->specs);
  putch(p, ' ');
  declarator(p, first_part_as_pointer(id->decl, xasprintf("(*const %s)", name)));
  sb_printf(p->b, " = (__typeof__(%s))__ompicc_vla_%s.p;", name, name);
}

/* specs decl, decl = init, ...;  (without indentation or newline) */
static void var_decl(Printer *p, const Decl *d)
{
  extensions(p, d->extension);
  bool any_vla = false;
  for (int i = 0; i < d->decls.len; i++)
    any_vla |= vla_local(d, d->decls.items[i]);
  if (any_vla) { /* each array a statement of its own, in order */
    bool open = false;
    for (int i = 0; i < d->decls.len; i++) {
      const InitDecl *id = d->decls.items[i];
      if (vla_local(d, id)) {
        if (open)
          put(p, "; ");
        open = false;
        vla_decl(p, d, id);
        putch(p, ' ');
        continue;
      }
      if (!open) {
        decl_specs(p, d->specs);
        putch(p, ' ');
      } else
        put(p, ", ");
      open = true;
      init_decl(p, id);
    }
    if (open)
      putch(p, ';');
    return;
  }
  decl_specs(p, d->specs);
  bool spaced = !specs_shown(d->specs);
  for (int i = 0; i < d->decls.len; i++) {
    const InitDecl *id = d->decls.items[i];
    if (i)
      put(p, ", ");
    else if (!spaced && (id->decl || !id->bitfield))
      putch(p, ' ');
    init_decl(p, id);
  }
  putch(p, ';');
  for (int i = 0; i < d->decls.len; i++) {
    const InitDecl *id = d->decls.items[i];
    Vec assigns = assigned_init(p, id);
    if (assigns.len)
      init_assignments(p, print_cxx_name(declarator_name(id->decl)), &assigns);
    if (!split_init(p, id))
      continue;
    putch(p, ' ');
    put(p, print_cxx_name(declarator_name(id->decl)));
    put(p, " = ");
    p->in_expr++;
    converted(p, id->sym->ty, id->init->expr, false);
    p->in_expr--;
    putch(p, ';');
  }
}

/* A lazy body (S_VERBATIM) byte for byte, its '{' at the line and column
 * it had, so that the host compiler's messages about it point at the
 * user's source.  The text may carry line markers of its own: after it,
 * the output stands for the line of its closing brace. */
static void verbatim(Printer *p, const Stmt *s)
{
  begin_line(p, s->loc, 0);
  for (int i = 1; i < s->loc.col; i++)
    putch(p, ' ');
  sb_putn(p->b, s->text, (size_t)s->len);
  if (p->markers && s->end.file) {
    p->scanned = p->b->len;
    p->line = s->end.line;
    p->file = s->end.file;
  }
}

/* A lazy declaration (D_LAZY) as its text, as verbatim() does a body. */
static void lazy_text(Printer *p, const Decl *d)
{
  for (int i = 1; i < d->loc.col; i++)
    putch(p, ' ');
  sb_putn(p->b, d->lazy.text, (size_t)d->lazy.len);
  if (p->markers && d->lazy.end.file) {
    p->scanned = p->b->len;
    p->line = d->lazy.end.line;
    p->file = d->lazy.end.file;
  }
}

/* The body of function definition d; its return statements know the
 * type they convert to. */
static void function_body(Printer *p, const Decl *d, int indent)
{
  const Type *f = d->func->sym ? d->func->sym->ty : NULL, *outer = p->ret;
  Vec *outer_labels = label_values;
  p->ret = f && f->kind == TY_FUNC ? f->base : NULL;
  label_values = label_values_of(d->body);
  if (d->body && d->body->kind == S_COMPOUND)
    compound(p, d->body, indent);
  else if (d->body)
    stmt_open(p, d->body, indent);
  else
    put(p, "{}");
  p->ret = outer;
  label_values = outer_labels;
}

static void func_def(Printer *p, const Decl *d, int indent)
{
  extensions(p, d->extension);
  decl_specs(p, d->specs);
  if (specs_shown(d->specs))
    putch(p, ' ');
  init_decl(p, d->func);
  Decl *kr;
  VEC_EACH(Decl *, kr, d->krparams)
    decl_line(p, kr, indent + 1);
  if (d->body && d->body->kind == S_VERBATIM) {
    verbatim(p, d->body);
    return;
  }
  begin_line(p, (Loc){0}, indent);
  function_body(p, d, indent);
}

/* A #pragma line (text either the whole line or what follows #pragma). */
static void pragma(Printer *p, const char *text)
{
  while (*text == ' ' || *text == '\t')
    text++;
  if (text[0] != '#' && strncmp(text, "_Pragma", 7) != 0)
    put(p, "#pragma ");
  put(p, text);
}

static void text_with_semicolon(Printer *p, const char *text)
{
  put(p, text);
  size_t n = strlen(text);
  if (!n || text[n - 1] != ';')
    putch(p, ';');
}

static void decl_rest(Printer *p, const Decl *d, int indent)
{
  int saved = p->indent;
  p->indent = indent;
  switch (d->kind) {
  case D_VAR:
    var_decl(p, d);
    break;
  case D_FUNCDEF:
    func_def(p, d, indent);
    break;
  case D_STATIC_ASSERT:
    put(p, cxx_mode ? "static_assert" : d->text ? d->text : "_Static_assert");
    putch(p, '(');
    expr_at(p, d->expr, P_COND);
    if (d->message) {
      put(p, ", ");
      expr_at(p, d->message, P_ASSIGN);
    } else if (cxx_mode)
      put(p, ", \"\""); /* C++14 asks for the message */
    put(p, ");");
    break;
  case D_ASM:
    text_with_semicolon(p, d->text);
    break;
  case D_PRAGMA:
    pragma(p, d->text);
    break;
  case D_OMP:
    print_directive(p->b, d->omp);
    break;
  case D_EMPTY:
    putch(p, ';');
    break;
  case D_LAZY:
    lazy_text(p, d);
    break;
  }
  p->indent = saved;
}

/* Directive lines start in column 1: compilers reading preprocessed C
 * (gcc -x cpp-output) take an indented '#' for a stray character. */
static void decl_line(Printer *p, const Decl *d, int indent)
{
  hoist_definitions(p, d, indent);
  bool directive = d->kind == D_PRAGMA || d->kind == D_OMP;
  begin_line(p, d->loc, directive ? 0 : indent);
  decl_rest(p, d, indent);
  putch(p, '\n');
}

/* ---------------------------------------------------------------- statements */

/* Does s end with an if that has no else?  Such a statement before an
 * else would take the else for itself. */
static bool ends_with_open_if(const Stmt *s)
{
  while (s) {
    switch (s->kind) {
    case S_IF:
      if (!s->else_)
        return true;
      s = s->else_;
      break;
    case S_WHILE: case S_FOR: case S_SWITCH: case S_LABEL: case S_CASE:
    case S_DEFAULT: case S_OMP:
      s = s->body;
      break;
    default:
      return false;
    }
  }
  return false;
}

/* The substatement of if/else/while/for/switch/do.  A compound goes on
 * the same line; anything else on the next, indented.  Returns whether
 * the output ends with a closing brace (so "else"/"while" can follow). */
static bool body(Printer *p, const Stmt *s, int indent, bool before_else)
{
  if (!s) {
    put(p, " ;");
    return false;
  }
  if (s->kind == S_COMPOUND) {
    putch(p, ' ');
    compound(p, s, indent);
    return true;
  }
  if (s->kind == S_DECL || (before_else && ends_with_open_if(s))) {
    put(p, " {");
    stmt_open(p, s, indent + 1);
    begin_line(p, (Loc){0}, indent);
    putch(p, '}');
    return true;
  }
  stmt_open(p, s, indent + 1);
  return false;
}

/* ---------------------------------------------------------------- compound literals
 * A compound literal in a block is an object that lives until the block
 * ends (C11 6.5.2.5p5); in C++ (g++ and nvcc take compound literals as an
 * extension) it is a temporary, whose address may not be taken and
 * which an array cannot decay from.  In C++ mode such a literal, one of
 * array type or one whose address & takes, is declared as a variable,
 * __ompicc_literal_N, just before its statement, and the statement names
 * the variable.  Its initializer is then evaluated before the rest of the
 * statement rather than where it stands, which C leaves unsequenced
 * anyway within one expression (6.7.9p23) but not across a comma
 * operator.  A file-scope object's literals are static objects of the
 * kernel file (print_static_literals).  A literal that no
 * variable can hold (a loop's condition or step makes a new one each
 * time; the body of an if or a loop, a case's statement, are no block's
 * items) is bound in place to __ompicc_lvalue (ompicc-device.h), an
 * lvalue that lives to the end of the full expression: long enough for
 * the uses C makes of a literal there. */
static void literal_use(Expr **slot, void *user)
{
  Expr *e = *slot;
  Vec *found = user;
  Expr *target = e->kind == E_UNARY && e->op == OP_ADDR ? expr_unparen(e->a)
                 : e->kind == E_COMPOUND_LIT && e->ty && e->ty->kind == TY_ARRAY ? e
                                                                                 : NULL;
  if (target && target->kind == E_COMPOUND_LIT && target->ty && target->type &&
      !vec_has(found, target))
    vec_push(found, target);
}

/* Abstract declarator d naming name. */
static Declarator *named_declarator(const Declarator *d, const char *name)
{
  if (!d || (d->kind == DK_IDENT && !d->name))
    return mk_ident_declarator(d ? d->loc : (Loc){0}, name);
  Declarator *c = xmalloc(sizeof *c);
  *c = *d;
  if (d->kind != DK_IDENT)
    c->inner = named_declarator(d->inner, name);
  return c;
}

static WalkAction literal_scope(Expr **slot, void *user)
{
  (void)user;
  Expr *e = *slot; /* not in a statement of its own, nor unevaluated */
  return e->kind == E_STMT_EXPR || e->kind == E_SIZEOF_EXPR || e->kind == E_ALIGNOF_EXPR
             ? WALK_SKIP
             : WALK_CONTINUE;
}

/* Declares the literals found (inner ones first), with storage words
 * storage, each on a line of its own; the literals then print as their
 * names (cast). */
static void declare_literals(Printer *p, const Vec *found, const char *storage, int indent)
{
  static int count;
  Expr *e;
  VEC_EACH(Expr *, e, *found) {
    const char *name = xasprintf("__ompicc_literal_%d", ++count);
    begin_line(p, e->loc, indent);
    put(p, storage);
    decl_specs(p, e->type->specs); /* the type as written: pt, int[] */
    putch(p, ' ');
    declarator(p, named_declarator(e->type->decl, name));
    put(p, " = ");
    init_of(p, e->ty, e->init);
    putch(p, ';');
    vec_push(&literal_exprs, e);
    vec_push(&literal_names, (void *)name);
  }
}

static void hoist_literals(Printer *p, Stmt *s, int indent)
{
  if (!cxx_mode)
    return;
  Vec found = {0};
  Walker w = {.expr_pre = literal_scope, .expr_post = literal_use, .user = &found};
  switch (s->kind) {
  case S_EXPR: case S_RETURN: case S_IF: case S_SWITCH:
    if (s->expr)
      walk_expr(&w, &s->expr);
    break;
  case S_DECL:
    if (s->decl->kind == D_VAR) {
      InitDecl *id;
      VEC_EACH(InitDecl *, id, s->decl->decls)
        if (id->init && (!id->sym || id->sym->storage == ST_LOCAL))
          walk_init(&w, id->init);
    }
    break;
  default:
    break;
  }
  declare_literals(p, &found, "", indent);
}

static void compound(Printer *p, const Stmt *s, int indent)
{
  int saved = p->indent;
  putch(p, '{');
  for (int i = 0; i < s->items.len; i++) {
    const Stmt *item = s->items.items[i];
    bool label_after = false;
    for (int j = i + 1; cxx_mode && item->kind == S_DECL && j < s->items.len && !label_after; j++)
      label_after = has_label(s->items.items[j], true);
    bool outer = p->split_inits;
    p->split_inits = label_after;
    hoist_literals(p, (Stmt *)item, indent + 1);
    stmt_open(p, item, indent + 1);
    p->split_inits = outer;
  }
  if (s->items.len) {
    putch(p, '\n');
    spaces(p, indent);
  }
  putch(p, '}');
  p->indent = saved;
}

static void paren_expr(Printer *p, const char *kw, const Expr *e)
{
  put(p, kw);
  put(p, " (");
  expr_at(p, e, P_COMMA);
  putch(p, ')');
}

static void if_stmt(Printer *p, const Stmt *s, int indent)
{
  paren_expr(p, "if", s->expr);
  bool brace = body(p, s->body, indent, s->else_ != NULL);
  if (!s->else_)
    return;
  if (brace)
    put(p, " else");
  else {
    begin_line(p, (Loc){0}, indent);
    put(p, "else");
  }
  if (s->else_->kind == S_IF) {
    putch(p, ' ');
    if_stmt(p, s->else_, indent);
  } else
    body(p, s->else_, indent, false);
}

static void do_stmt(Printer *p, const Stmt *s, int indent)
{
  put(p, "do");
  if (!body(p, s->body, indent, false))
    begin_line(p, (Loc){0}, indent);
  else
    putch(p, ' ');
  paren_expr(p, "while", s->expr);
  putch(p, ';');
}

static void for_stmt(Printer *p, const Stmt *s, int indent)
{
  put(p, "for (");
  if (!s->init)
    putch(p, ';');
  else if (s->init->kind == S_DECL) {
    bool outer = p->in_for_init;
    p->in_for_init = true;
    decl_rest(p, s->init->decl, indent);
    p->in_for_init = outer;
  } else {
    expr_at(p, s->init->expr, P_COMMA);
    putch(p, ';');
  }
  if (s->expr)
    putch(p, ' ');
  expr_at(p, s->expr, P_COMMA);
  putch(p, ';');
  if (s->expr2)
    putch(p, ' ');
  expr_at(p, s->expr2, P_COMMA);
  putch(p, ')');
  body(p, s->body, indent, false);
}

static void expr_stmt(Printer *p, const Stmt *s)
{
  expr_at(p, s->expr, P_COMMA);
  spec_list(p, &s->attrs, s->expr != NULL);
  putch(p, ';');
}

static void label_body(Printer *p, const Stmt *body, int indent)
{
  if (body)
    stmt_open(p, body, indent);
  else {
    begin_line(p, (Loc){0}, indent);
    putch(p, ';');
  }
}

static void label_stmt(Printer *p, const Stmt *s, int indent)
{
  switch (s->kind) {
  case S_LABEL:
    put(p, s->text);
    putch(p, ':');
    attrs(p, &s->attrs);
    break;
  case S_CASE:
    put(p, "case ");
    expr_at(p, s->expr, P_COND);
    if (s->expr2) {
      put(p, " ... ");
      expr_at(p, s->expr2, P_COND);
    }
    putch(p, ':');
    break;
  default:
    put(p, "default:");
  }
  label_body(p, s->body, indent);
}

static void local_label(Printer *p, const Stmt *s)
{
  put(p, "__label__ ");
  for (int i = 0; i < s->names.len; i++) {
    if (i)
      put(p, ", ");
    put(p, s->names.items[i]);
  }
  putch(p, ';');
}

static void jump(Printer *p, const Stmt *s)
{
  switch (s->kind) {
  case S_GOTO:
    if (s->text) {
      put(p, "goto ");
      put(p, s->text);
    } else if (label_values) { /* one statement, which the ';' ends */
      put(p, "do switch ((unsigned long)(");
      expr_at(p, s->expr, P_COMMA);
      put(p, ")) {");
      for (int i = 0; i < label_values->len; i++)
        sb_printf(p->b, " case %d: goto %s;", i + 1, (const char *)label_values->items[i]);
      put(p, " } while (0)");
    } else
      prefix_op(p, "goto *", s->expr, P_CAST);
    break;
  case S_CONTINUE:
    put(p, "continue");
    break;
  case S_BREAK:
    put(p, "break");
    break;
  default: /* S_RETURN */
    put(p, "return");
    if (s->expr && (complex_to_real(p->ret, s->expr) || needs_cxx_cast(p->ret, s->expr))) {
      putch(p, ' ');
      converted(p, p->ret, s->expr, false);
    } else if (s->expr)
      prefix_op(p, " ", s->expr, P_COMMA);
  }
  putch(p, ';');
}

static void omp_stmt(Printer *p, const Stmt *s, int indent)
{
  print_directive(p->b, s->omp);
  if (s->body)
    stmt_open(p, s->body, indent);
}

/* The statement without its first line's indentation. */
static void stmt_rest(Printer *p, const Stmt *s, int indent)
{
  p->indent = indent;
  switch (s->kind) {
  case S_COMPOUND: compound(p, s, indent); break;
  case S_DECL: decl_rest(p, s->decl, indent); break;
  case S_EXPR: expr_stmt(p, s); break;
  case S_IF: if_stmt(p, s, indent); break;
  case S_SWITCH: paren_expr(p, "switch", s->expr); body(p, s->body, indent, false); break;
  case S_WHILE: paren_expr(p, "while", s->expr); body(p, s->body, indent, false); break;
  case S_DO: do_stmt(p, s, indent); break;
  case S_FOR: for_stmt(p, s, indent); break;
  case S_GOTO: case S_CONTINUE: case S_BREAK: case S_RETURN: jump(p, s); break;
  case S_LABEL: case S_CASE: case S_DEFAULT: label_stmt(p, s, indent); break;
  case S_ASM: text_with_semicolon(p, s->text); break;
  case S_LOCAL_LABEL: local_label(p, s); break;
  case S_PRAGMA: pragma(p, s->text); break;
  case S_OMP: omp_stmt(p, s, indent); break;
  case S_VERBATIM: sb_putn(p->b, s->text, (size_t)s->len); break;
  case S_KIND_COUNT: break;
  }
}

static bool is_label(const Stmt *s)
{
  return s->kind == S_LABEL || s->kind == S_CASE || s->kind == S_DEFAULT;
}

/* The block of copies of a metadirective decided at run time (rewrite.c)
 * stands for the directive and its statement as written: its first copy
 * (transform/variants.c makes the copies an if-else chain). */
static const Stmt *as_written(const Stmt *s)
{
  const Stmt *first = s->kind == S_COMPOUND && s->items.len ? s->items.items[0] : NULL;
  return first && first->kind == S_OMP && first->omp->kind == OMPD_METADIRECTIVE &&
                 first->omp->meta_copies == s->items.len && first->omp->meta_copy == 0
             ? first
             : s;
}

/* A statement on lines of its own; labels stand one level out. */
static void stmt_open(Printer *p, const Stmt *s, int indent)
{
  s = as_written(s);
  int saved = p->indent;
  int first = is_label(s) && indent > 0 ? indent - 1 : indent;
  if (s->kind == S_PRAGMA || s->kind == S_OMP)
    first = 0; /* see decl_line */
  p->user_col = first > 0;
  begin_line(p, s->loc, first);
  p->user_col = false;
  stmt_rest(p, s, indent);
  p->indent = saved;
}

/* ---------------------------------------------------------------- entry points */

static Printer plain(StrBuf *b)
{
  return (Printer){.b = b, .line = 1};
}

void print_expr(StrBuf *b, const Expr *e)
{
  Printer p = plain(b);
  expr_at(&p, e, P_COMMA);
}

void print_type_name(StrBuf *b, const TypeName *t)
{
  Printer p = plain(b);
  type_name(&p, t);
}

void print_declarator(StrBuf *b, const Declarator *d)
{
  Printer p = plain(b);
  declarator(&p, d);
}

void print_decl_specs(StrBuf *b, const DeclSpecs *s)
{
  Printer p = plain(b);
  decl_specs(&p, s);
}

bool print_init_assigned(const InitDecl *id)
{
  Printer p = {0};
  return assigned_init(&p, id).len > 0;
}

void print_init_assignments(StrBuf *b, const InitDecl *id)
{
  Printer p = plain(b);
  Vec assigns = assigned_init(&p, id);
  if (assigns.len)
    init_assignments(&p, print_cxx_name(declarator_name(id->decl)), &assigns);
}

bool print_init_has_cxx_form(struct Type *t, const Init *init)
{
  return !cxx_mode || !cxx_init_assignments(t, init).len;
}

void print_static_literals(StrBuf *b, const Init *init, const char *storage)
{
  if (!cxx_mode || !init)
    return;
  Vec found = {0};
  Walker w = {.expr_pre = literal_scope, .expr_post = literal_use, .user = &found};
  walk_init(&w, (Init *)init);
  Printer p = plain(b);
  declare_literals(&p, &found, storage, 0);
  if (found.len)
    putch(&p, '\n');
}

void print_init(StrBuf *b, struct Type *t, const Init *in)
{
  Printer p = plain(b);
  init_of(&p, t, in);
}

void print_stmt(StrBuf *b, const Stmt *s, int indent)
{
  Printer p = plain(b);
  Vec *outer = label_values;
  if (!outer) /* a region's body: its own labels */
    label_values = label_values_of((Stmt *)s);
  stmt_open(&p, s, indent);
  putch(&p, '\n');
  label_values = outer;
}

void print_decl(StrBuf *b, const Decl *d, int indent)
{
  Printer p = plain(b);
  decl_line(&p, d, indent);
}

Printer *printer_new(StrBuf *b, const PrintOpts *opts)
{
  Printer *p = xmalloc(sizeof *p);
  *p = plain(b);
  p->markers = opts && opts->line_markers;
  p->after_source = opts ? opts->after_source : NULL;
  p->scanned = b->len;
  return p;
}

/* After a call that put a marker: opts->after_source, and the place is
 * forgotten, so that the next source line gets a marker. */
static void leave_source(Printer *p)
{
  if (!p->after_source || !p->file)
    return;
  if (p->b->len && p->b->s[p->b->len - 1] != '\n')
    putch(p, '\n');
  put(p, p->after_source);
  putch(p, '\n');
  p->file = NULL;
}

void printer_decl(Printer *p, const Decl *d, int indent)
{
  p->want_blank = d->kind == D_FUNCDEF;
  decl_line(p, d, indent);
  leave_source(p);
}

void printer_stmt(Printer *p, const Stmt *s, int indent)
{
  Vec *outer = label_values;
  if (!outer) /* a region's body: its own labels */
    label_values = label_values_of((Stmt *)s);
  stmt_open(p, s, indent);
  putch(p, '\n');
  leave_source(p);
  label_values = outer;
}

void printer_body(Printer *p, const Decl *f, int indent)
{
  function_body(p, f, indent);
  putch(p, '\n');
  leave_source(p);
}

/* A blank line around function definitions, except after a directive
 * that belongs to the function (declare simd, declare target). */
static bool is_funcdef(const Decl *d)
{
  return d->kind == D_FUNCDEF || (d->kind == D_LAZY && d->lazy.funcdef);
}

static bool wants_blank(const Decl *prev, const Decl *d)
{
  if (prev->kind == D_OMP || prev->kind == D_PRAGMA)
    return false;
  return is_funcdef(d) || is_funcdef(prev);
}

/* Write out what the printer no longer looks at: all but the last two
 * bytes (after_blank_line), between declarations, once there is enough
 * of it, so the output is never all in memory. */
static void flush_some(Printer *p, FILE *out, size_t enough)
{
  StrBuf *b = p->b;
  if (b->len < enough || b->len < 2)
    return;
  count_lines(p);
  size_t n = b->len - 2;
  fwrite(b->s, 1, n, out);
  memmove(b->s, b->s + n, 2);
  b->len = 2;
  b->s[2] = 0;
  p->scanned = b->len;
}

void print_trans_unit(FILE *out, const TransUnit *tu, const PrintOpts *opts)
{
  enum { CHUNK = 1 << 16 };
  StrBuf b = {0};
  Printer *p = printer_new(&b, opts);
  const Decl *prev = NULL;
  for (int i = 0; i < tu->decls.len; i++) {
    const Decl *d = tu->decls.items[i];
    p->want_blank = prev && wants_blank(prev, d);
    decl_line(p, d, 0);
    prev = d;
    flush_some(p, out, CHUNK);
  }
  flush_some(p, out, 0);
  if (b.len)
    fwrite(b.s, 1, b.len, out);
  free(b.s);
  free(p);
}

const char *print_expr_str(const Expr *e)
{
  StrBuf b = {0};
  print_expr(&b, e);
  return sb_take(&b);
}

bool print_same_expr(const Expr *a, const Expr *b)
{
  while (a && a->kind == E_PAREN)
    a = a->a;
  while (b && b->kind == E_PAREN)
    b = b->a;
  return a && b && !strcmp(print_expr_str(a), print_expr_str(b));
}

/* ---------------------------------------------------------------- directives
 * A #pragma omp line as the user could have written it, from the shapes
 * of omp.h. */
static void print_items(StrBuf *b, Vec items)
{
  for (int i = 0; i < items.len; i++) {
    if (i)
      sb_puts(b, ", ");
    print_expr(b, items.items[i]);
  }
}

static void print_iterators(StrBuf *b, Vec its)
{
  for (int i = 0; i < its.len; i++) {
    OmpIterator *it = its.items[i];
    if (i)
      sb_puts(b, ", ");
    if (it->type) {
      print_type_name(b, it->type);
      sb_putc(b, ' ');
    }
    sb_printf(b, "%s = ", it->name);
    print_expr(b, it->begin);
    sb_puts(b, ":");
    print_expr(b, it->end);
    if (it->step) {
      sb_puts(b, ":");
      print_expr(b, it->step);
    }
  }
}

static void print_mod(StrBuf *b, const OmpModifier *m)
{
  sb_puts(b, omp_word_name(m->word));
  if (m->id)
    sb_printf(b, "(%s)", m->id);
  else if (m->word == OMPW_ITERATOR) {
    sb_putc(b, '(');
    print_iterators(b, m->iterators);
    sb_putc(b, ')');
  } else if (m->arg) {
    sb_putc(b, '(');
    print_expr(b, m->arg);
    sb_putc(b, ')');
  }
}

static void print_mods(StrBuf *b, Vec mods, const char *after)
{
  for (int i = 0; i < mods.len; i++) {
    if (i)
      sb_puts(b, ", ");
    print_mod(b, mods.items[i]);
  }
  if (mods.len)
    sb_puts(b, after);
}

/* The 5.x linear forms and the 4.5 one, as written. */
static void print_linear(StrBuf *b, const OmpClause *cl)
{
  if (cl->linear_old) {
    print_mods(b, cl->mods, "(");
    print_items(b, cl->items);
    sb_puts(b, ")");
  } else
    print_items(b, cl->items);
  if (cl->expr) {
    sb_puts(b, ": ");
    print_expr(b, cl->expr);
  } else if (cl->mods.len && !cl->linear_old) {
    sb_puts(b, ": ");
    print_mods(b, cl->mods, "");
  }
}

static void print_word_expr(StrBuf *b, OmpWord w, const Expr *e, const char *sep)
{
  if (w)
    sb_puts(b, omp_word_name(w));
  if (w && e)
    sb_puts(b, sep);
  if (e)
    print_expr(b, e);
}

static void print_clause_args(StrBuf *b, const OmpClause *cl)
{
  switch (omp_clause_shape(cl->kind)) {
  case SH_NONE: return;
  case SH_SELECTOR: sb_puts(b, cl->raw); return;
  case SH_DIRS:
    for (int i = 0; i < cl->dirs.len; i++)
      sb_printf(b, "%s%s", i ? ", " : "", omp_dir_name((OmpDirKind)(intptr_t)cl->dirs.items[i]));
    return;
  case SH_IF:
    if (cl->dir_name)
      sb_printf(b, "%s: ", omp_dir_name(cl->dir_name));
    print_expr(b, cl->expr);
    return;
  case SH_REDUCTION:
    print_mods(b, cl->mods, ", ");
    sb_printf(b, "%s: ", cl->red_id);
    print_items(b, cl->items);
    return;
  case SH_LINEAR: print_linear(b, cl); return;
  case SH_ALIGNED:
    print_items(b, cl->items);
    if (cl->expr) {
      sb_puts(b, ": ");
      print_expr(b, cl->expr);
    }
    return;
  case SH_SCHEDULE:
    print_mods(b, cl->mods, ": ");
    print_word_expr(b, cl->word, cl->expr, ", ");
    return;
  case SH_RANGE:
    if (cl->expr2) {
      print_expr(b, cl->expr2);
      sb_puts(b, ": ");
    }
    print_expr(b, cl->expr);
    return;
  case SH_DEVICE: print_word_expr(b, cl->word, cl->expr, ": "); return;
  case SH_MOD_EXPR:
    print_mods(b, cl->mods, ": ");
    print_expr(b, cl->expr);
    return;
  case SH_DEFAULTMAP:
    sb_puts(b, omp_word_name(cl->word));
    if (cl->word2)
      sb_printf(b, ": %s", omp_word_name(cl->word2));
    return;
  case SH_ORDER:
    print_mods(b, cl->mods, ": ");
    sb_puts(b, omp_word_name(cl->word));
    return;
  case SH_WORD:
  case SH_OPT_WORD: sb_puts(b, omp_word_name(cl->word)); return;
  case SH_EXPR:
  case SH_OPT_EXPR: print_expr(b, cl->expr); return;
  case SH_ALLOCATE:
    print_mods(b, cl->mods, ": ");
    if (cl->expr) {
      print_expr(b, cl->expr);
      sb_puts(b, ": ");
    }
    print_items(b, cl->items);
    return;
  case SH_USES_ALLOCATORS:
    print_mods(b, cl->mods, ": ");
    for (int i = 0; i < cl->items.len; i++) {
      Expr *traits = i < cl->args.len ? cl->args.items[i] : NULL;
      if (i)
        sb_puts(b, ", ");
      print_expr(b, cl->items.items[i]);
      if (traits) {
        sb_putc(b, '(');
        print_expr(b, traits);
        sb_putc(b, ')');
      }
    }
    return;
  case SH_APPEND:
    for (int i = 0; i < cl->dirs.len; i++) {
      intptr_t f = (intptr_t)cl->dirs.items[i];
      sb_printf(b, "%sinterop(%s%s%s)", i ? ", " : "", f & 1 ? "target" : "",
                f == 3 ? ", " : "", f & 2 ? "targetsync" : "");
    }
    return;
  case SH_INIT:
    print_mods(b, cl->mods, ": ");
    print_items(b, cl->items);
    return;
  case SH_MAP:
  case SH_DEPEND:
  case SH_MOTION:
  case SH_MOD_LIST:
  case SH_LIST:
    print_mods(b, cl->mods, cl->word ? ", " : ": ");
    if (cl->word)
      sb_printf(b, "%s%s", omp_word_name(cl->word),
                cl->items.len || omp_clause_shape(cl->kind) == SH_MAP ? ": " : "");
    if (cl->word == OMPW_SOURCE && cl->kind == OMPC_DOACROSS)
      sb_putc(b, ':');
    print_items(b, cl->items);
    return;
  }
}

static void print_clause(StrBuf *b, const OmpClause *cl)
{
  sb_puts(b, omp_clause_name(cl->kind));
  if (!cl->has_parens)
    return;
  sb_putc(b, '(');
  print_clause_args(b, cl);
  sb_putc(b, ')');
}

static void print_dir_args(StrBuf *b, const OmpDir *d)
{
  if (d->construct)
    sb_printf(b, " %s", omp_dir_name(d->construct));
  if (d->kind == OMPD_DECLARE_REDUCTION) {
    sb_printf(b, "(%s: ", d->red_id);
    for (int i = 0; i < d->types.len; i++) {
      if (i)
        sb_puts(b, ", ");
      print_type_name(b, d->types.items[i]);
    }
    sb_puts(b, ": ");
    print_expr(b, d->combiner);
    sb_putc(b, ')');
  } else if (d->kind == OMPD_DECLARE_MAPPER) {
    sb_putc(b, '(');
    if (d->name)
      sb_printf(b, "%s: ", d->name);
    print_type_name(b, d->types.items[0]);
    sb_printf(b, " %s)", d->var);
  } else if (d->name)
    sb_printf(b, "(%s)", d->name);
}

static void print_list(StrBuf *b, const OmpDir *d)
{
  sb_puts(b, d->list_late ? " (" : "(");
  print_items(b, d->list);
  sb_putc(b, ')');
}

/* A pragma is one line: the expression printer breaks long brace lists
 * (initializer(omp_priv = (T){...})) at a newline and an indentation,
 * which become one space.  No literal holds a raw newline. */
static void one_line(StrBuf *b, size_t from)
{
  size_t w = from;
  for (size_t r = from; r < b->len; r++) {
    if (b->s[r] != '\n') {
      b->s[w++] = b->s[r];
      continue;
    }
    while (r + 1 < b->len && (b->s[r + 1] == ' ' || b->s[r + 1] == '\t'))
      r++;
    b->s[w++] = ' ';
  }
  b->len = w;
  if (b->s)
    b->s[w] = 0;
}

void print_directive(StrBuf *out, const OmpDir *d)
{
  size_t start = out->len;
  directive_depth++;
  sb_printf(out, "#pragma omp %s", omp_dir_name(d->kind));
  print_dir_args(out, d);
  if (d->has_list && !d->list_late)
    print_list(out, d);
  OmpClause *cl;
  VEC_EACH(OmpClause *, cl, d->clauses)
  {
    sb_putc(out, ' ');
    print_clause(out, cl);
  }
  OmpWhen *w; /* metadirective: as written, the default last */
  VEC_EACH(OmpWhen *, w, d->whens)
    if (w->sel || w->raw)
      sb_printf(out, " %s(%s)", w->sel ? "when" : "default", w->raw);
  if (d->has_list && d->list_late)
    print_list(out, d);
  directive_depth--;
  one_line(out, start);
}
