/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef SYSREC_BANNED_H
#define SYSREC_BANNED_H

/*
 * Functions that are easy to misuse: unbounded copies, hidden static
 * buffers, non-reentrant time conversions. Including this header last in
 * every .c file turns any use of them into a compile error. Use snprintf()
 * into a checked buffer, memcpy() with an explicit length, localtime_r()
 * and gmtime_r() instead.
 */

#define BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) BANNED(strncpy)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef gmtime
#define gmtime(t) BANNED(gmtime)
#undef localtime
#define localtime(t) BANNED(localtime)
#undef ctime
#define ctime(t) BANNED(ctime)
#undef asctime
#define asctime(t) BANNED(asctime)

#endif
