/*
 * out.c - output files written to a temporary file in the same directory
 * and renamed over the target on success (qpac.h, "Output files"), so that
 * a failed or interrupted write never leaves a partial file under the name.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "qpac_vectors.h"

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

int qpac_out_open(qpac_out *o, const char *path, const char *const *inputs, char *err,
                  size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (!path || !*path) {
        snprintf(err, errlen, "no output file name");
        return QPAC_EINVAL;
    }
    if (!strcmp(path, "-")) {
        o->fp = stdout;
        return QPAC_OK;
    }
    for (; inputs && *inputs; inputs++)
        if (strcmp(*inputs, "-") && same_file(*inputs, path)) {
            snprintf(err, errlen, "%s: the output is the input file %s", path, *inputs);
            return QPAC_EINVAL;
        }
    /* a file-size limit (ulimit -f) must be a write error we clean up after,
     * not a signal that kills the process with the temporary file left */
    signal(SIGXFSZ, SIG_IGN);
    /* only a regular file (or a new name) is replaced by rename: a device
     * (/dev/null, /dev/full), FIFO or symbolic link is written in place */
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (!(o->fp = fopen(path, "w"))) {
            snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
            return QPAC_EIO;
        }
        return QPAC_OK;
    }
    size_t n = strlen(path);
    o->tmp = malloc(n + 12);
    if (!o->tmp) {
        snprintf(err, errlen, "%s: out of memory", path);
        return QPAC_EIO;
    }
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmpXXXXXX", 11);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        return QPAC_EIO;
    }
    /* mkstemp makes 0600; give the file the mode open(..., 0666) would */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || !(o->fp = fdopen(fd, "w"))) {
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        return QPAC_EIO;
    }
    return QPAC_OK;
}

int qpac_out_close(qpac_out *o, int ok, char *err, size_t errlen)
{
    int r = QPAC_OK;
    if (!o->fp)
        return ok ? QPAC_EIO : QPAC_OK;
    errno = 0;
    int bad = fflush(o->fp) != 0 || ferror(o->fp);
    int e = errno;
    if (o->fp == stdout || !o->tmp) {
        if (o->fp != stdout && fclose(o->fp) != 0 && !bad) {
            bad = 1;
            e = errno;
        }
        if (bad) {
            snprintf(err, errlen, "%s: write error: %s",
                     o->fp == stdout ? "standard output" : o->path, e ? strerror(e) : "I/O error");
            r = QPAC_EIO;
        }
        o->fp = NULL;
        return r;
    }
    if (fclose(o->fp) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    o->fp = NULL;
    if (bad) {
        snprintf(err, errlen, "%s: write error: %s", o->path, e ? strerror(e) : "I/O error");
        r = QPAC_EIO;
    } else if (ok && rename(o->tmp, o->path) != 0) {
        snprintf(err, errlen, "%s: cannot rename the temporary file: %s", o->path, strerror(errno));
        r = QPAC_EIO;
    }
    if (!ok || r)
        unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return r;
}
