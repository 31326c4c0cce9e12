/* common/banned.h - functions that are not to be used in provkg (git's
 * banned.h): unbounded copies and formats, and the non-reentrant time
 * functions. Forced into every library and tool source by the Makefile
 * (-include), so a use is a compile error naming the safe replacement:
 * snprintf / pk_buf for strcpy, strcat, sprintf, vsprintf; gmtime_r and
 * localtime_r for gmtime and localtime; strtok_r for strtok; strtol (and
 * pk_num's parsers) for atoi, atol and sscanf, which cannot report a bad
 * number. */
#ifndef PK_BANNED_H
#define PK_BANNED_H

/* The headers that declare them first (their guards make the sources'
 * own includes no-ops), then the names made errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) BANNED(strncpy)
#undef strncat
#define strncat(x, y, n) BANNED(strncat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef gets
#define gets(x) BANNED(gets)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef atoi
#define atoi(s) BANNED(atoi)
#undef atol
#define atol(s) BANNED(atol)
#undef sscanf
#define sscanf(...) BANNED(sscanf)
#undef gmtime
#define gmtime(t) BANNED(gmtime)
#undef localtime
#define localtime(t) BANNED(localtime)
#undef ctime
#define ctime(t) BANNED(ctime)
#undef asctime
#define asctime(t) BANNED(asctime)

#endif
