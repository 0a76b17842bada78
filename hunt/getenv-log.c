/*
 * The variables hunt's discovery shim (hunt/env-reads.ts): loaded with
 * LD_PRELOAD into one program in the sandbox, it appends the name of every
 * variable the program asks libc for (getenv, secure_getenv) to LOG, then
 * answers as libc does. Built by the discovery with `gcc -shared -fPIC`.
 * Only open/write/close here: none of them asks for a variable, so a name is
 * logged once per call and the shim never calls itself.
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
  int fd = open(LOG, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return;
  (void)!write(fd, name, strlen(name));
  (void)!write(fd, "\n", 1);
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
