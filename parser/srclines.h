/* srclines.h - the user's source lines and columns, for diagnostics
 * (diag.c): a Loc counts its column in the preprocessed file, where a
 * macro's expansion stands in place of its name; these map it back to the
 * user's own line, which diag.c shows under the message. */
#ifndef OMPICC_SRCLINES_H
#define OMPICC_SRCLINES_H

#include <stddef.h>

/* The preprocessed file the Locs count in (NULL: none, columns kept). */
void srclines_set_input(const char *path);
/* Line `line` of the user's file `file`, without its newline, or NULL
 * when the file cannot be read or is shorter. */
const char *srclines_user_line(const char *file, int line, size_t *len);
/* The column in the user's line of column `col` of the preprocessed line
 * that stands for it; 0 when unknown. */
int srclines_user_column(const char *file, int line, int col);

#endif
