/* A power cut, simulated: loaded with LD_PRELOAD into the bot's process, every fsync() or
 * fdatasync() of a regular file under $POWERCUT_DIR first copies the file's whole content to
 * "<file>.synced". What a power cut would leave of each file is then its last synced copy
 * (tests/powercut/__init__.py puts those back after killing the process). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void keep_synced_copy(int fd) {
    const char *dir = getenv("POWERCUT_DIR");
    char link[64], path[4096], copy[4200], tmp[4300], buf[65536];
    struct stat st;
    if (!dir || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return;
    path[n] = 0;
    if (strncmp(path, dir, strlen(dir)) != 0) return;
    snprintf(copy, sizeof copy, "%s.synced", path);
    snprintf(tmp, sizeof tmp, "%s.synced.tmp", path);
    int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) return;
    off_t at = 0;
    ssize_t got;
    while ((got = pread(fd, buf, sizeof buf, at)) > 0) {
        if (write(out, buf, (size_t)got) != got) break;
        at += got;
    }
    close(out);
    rename(tmp, copy);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    keep_synced_copy(fd);
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    keep_synced_copy(fd);
    return real(fd);
}
