/*
 * The variables hunt's discovery shim (hunt/env-reads.ts): loaded with
 * LD_PRELOAD into one program in the sandbox, it appends the name of every
 * variable the program asks libc for (getenv, secure_getenv) to LOG, then
 * answers as libc does. Built by the discovery with `gcc -shared -fPIC`.
 * Only open/write/close here: none of them asks for a variable, so a name is
 * logged once per call and the shim never calls itself. A name longer than
 * 255 bytes is not logged (no variable the hunt hands is that long).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#ifndef LOG
#define LOG "/tmp/permc-getenv/getenv.log"
#endif

static void log_name(const char *name) {
  /* One write of the name and its newline: a program's children append to the same log at once. */
  char line[256];
  size_t n = strlen(name);
  if (n + 1 > sizeof line) return;
  memcpy(line, name, n);
  line[n] = '\n';
  int fd = open(LOG, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return;
  (void)!write(fd, line, n + 1);
  close(fd);
}

char *getenv(const char *name) {
  static char *(*real)(const char *);
  if (real == NULL) real = (char *(*)(const char *))dlsym(RTLD_NEXT, "getenv");
  if (name != NULL) log_name(name);
  return real(name);
}

char *secure_getenv(const char *name) {
  static char *(*real)(const char *);
  if (real == NULL) real = (char *(*)(const char *))dlsym(RTLD_NEXT, "secure_getenv");
  if (name != NULL) log_name(name);
  return real(name);
}
