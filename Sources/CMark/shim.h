#ifndef MAYUN_CMARK_SHIM_H
#define MAYUN_CMARK_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/types.h>

/* Renders `markdown` to HTML in a forked child and writes the HTML to the returned pipe (`*read_fd`), so the
 * parent can stop an input cmark-gfm is slow on by killing the child (Debian's cmark-gfm 0.29.0.gfm.6 is quadratic
 * on some inputs and cannot be interrupted). Written in C because the child of a multi-threaded process may only
 * run code that takes no lock another thread could have held at the fork: the Swift runtime's are not safe there,
 * glibc's malloc is (it is re-initialised in the child) and cmark-gfm takes none once its extensions are registered
 * (the parent registers them before calling this). The child runs at `nice_increment`, is killed by the kernel past
 * `cpu_seconds` of CPU time or when the parent dies, keeps only its pipe open, and leaves with `_exit`.
 * Returns the child's pid, or -1 (nothing started). */
static inline pid_t mayun_cmark_render_in_child(const char *markdown, size_t length, int options,
                                                const char *const *extensions, int extension_count,
                                                int nice_increment, int cpu_seconds, int *read_fd) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid > 0) {
        close(fds[1]);
        fcntl(fds[0], F_SETFD, FD_CLOEXEC);
        *read_fd = fds[0];
        return pid;
    }
    /* The child. Its only open descriptor is the pipe's write end, moved to 3: another parse's pipe copied in by
     * this fork would otherwise not reach end-of-file until this child ended. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (fds[1] != 3) {
        if (dup2(fds[1], 3) < 0) _exit(2);
    }
    if (syscall(SYS_close_range, 4U, ~0U, 0U) != 0) {
        for (int fd = 4; fd < 4096; fd++) close(fd);
    }
    if (fds[0] < 3 && fds[0] >= 0) close(fds[0]);
    struct rlimit cpu = { (rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1 };
    setrlimit(RLIMIT_CPU, &cpu);
    if (nice_increment > 0) { int ignored = nice(nice_increment); (void)ignored; }
    cmark_parser *parser = cmark_parser_new(options);
    if (parser == NULL) _exit(3);
    for (int index = 0; index < extension_count; index++) {
        cmark_syntax_extension *syntax_extension = cmark_find_syntax_extension(extensions[index]);
        if (syntax_extension != NULL) cmark_parser_attach_syntax_extension(parser, syntax_extension);
    }
    cmark_parser_feed(parser, markdown, length);
    cmark_node *root = cmark_parser_finish(parser);
    if (root == NULL) _exit(4);
    char *html = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser));
    if (html == NULL) _exit(5);
    size_t remaining = strlen(html);
    const char *next = html;
    while (remaining > 0) {
        ssize_t written = write(3, next, remaining);
        if (written <= 0) _exit(6);
        next += written;
        remaining -= (size_t)written;
    }
    _exit(0);
}
#endif
