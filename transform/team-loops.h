/* team-loops.h - teams distribute loops with parallel loops inside, run
 * SPMD by every thread of a team (team-loops.c).
 */
#ifndef OMPICC_TEAM_LOOPS_H
#define OMPICC_TEAM_LOOPS_H

#include "region.h"

/* The loop nest of a loop directive (offload.c's, passed in so that this
 * file stays below it): OmpLoop* pushed onto loops, false when the nest
 * is not canonical (reported). */
typedef bool (*TeamLoopsNest)(Stmt *body, const OmpDir *d, Vec *loops, Stmt **innermost);

/* r is a teams distribute region (SPMD_TEAMS) whose loop body r->body
 * holds a directive; dirs (OmpDir*) are the region's directives.  When
 * every thread of a team can run the body, r->team_loops and r->guarded
 * are filled and the result is NULL; else the reason it cannot, for the
 * remark. */
const char *team_loops_decide(Offload *o, Region *r, const Vec *dirs, TeamLoopsNest nest);

#endif
