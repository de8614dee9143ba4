// The host's commands (PROTOCOL.md, "Host commands"): argument checks in the order the codec
// checks them (count, then number, then range), so both give the same NAK code for a bad line.
#include "commands.h"
#include "buzzer.h"
#include "config.h"
#include "motor.h"
#include "protocol.h"
#include "servo.h"
#include "session.h"
#include "state.h"

// Parses numeric arguments tok[0..n-1] within [lo[i], hi[i]]: NULL, "ARGS" or "RANGE".
static const char *numbers(char **tok, uint8_t n, uint8_t have, uint16_t *v, const uint16_t *lo, const uint16_t *hi) {
  if (have != n) return "ARGS";
  for (uint8_t i = 0; i < n; i++) {
    if (!parseU16(tok[i], &v[i])) return "ARGS";
    if (v[i] < lo[i] || v[i] > hi[i]) return "RANGE";
  }
  return NULL;
}

// Runs one command (tok[0] is the verb, then `n` args). Returns NULL (ACK) or a NAK code.
const char *execute(char **tok, uint8_t n) {
  const char *verb = tok[0];
  uint16_t v[2];
  const char *err;
  if (!strcmp(verb, "PING")) return n ? "ARGS" : NULL;
  if (!strcmp(verb, "HELLO") || !strcmp(verb, "STATUS")) {
    if (n) return "ARGS";
    if (verb[0] == 'H') {
      sendHello();
      lastSeq = 0;  // a new session may number its commands from anywhere
    } else {
      sendStatus();
    }
    return NULL;
  }
  if (!strcmp(verb, "STOP") || !strcmp(verb, "ZERO")) {
    if (n) return "ARGS";
    if (verb[0] == 'S') motorStop();
    else zeroCounters();
    return NULL;
  }
  if (!strcmp(verb, "FWD") || !strcmp(verb, "REV")) {
    bool fwd = verb[0] == 'F';
    static const uint16_t lo[] = {1, 1}, fwdHi[] = {255, MAX_RUN_MS}, revHi[] = {255, MAX_REV_MS};
    if ((err = numbers(tok + 1, 2, n, v, lo, fwd ? fwdHi : revHi))) return err;
    if (lidOpen() || !motorRun(fwd ? MOTOR_FWD : MOTOR_REV, v[0], v[1], millis())) return "LID";
    return NULL;
  }
  if (!strcmp(verb, "TONE")) {
    static const uint16_t lo[] = {0, 0}, hi[] = {2000, 5000};
    if ((err = numbers(tok + 1, 2, n, v, lo, hi))) return err;
    buzzerStart(v[0], v[1]);
    return NULL;
  }
  if (!strcmp(verb, "SERVO")) {
    static const uint16_t lo[] = {0}, hi[] = {180};
    if ((err = numbers(tok + 1, 1, n, v, lo, hi))) return err;
    keepServo(v[0]);
    servoWrite(v[0]);
    return NULL;
  }
  if (!strcmp(verb, "SET")) {
    bool wd = n >= 1 && !strcmp(tok[1], "WDOG");
    if (!wd && !(n >= 1 && !strcmp(tok[1], "STALL"))) return "ARGS";
    static const uint16_t wlo[] = {WATCHDOG_MIN_MS}, slo[] = {STALL_MIN_MS}, hi[] = {SET_MAX_MS};
    if ((err = numbers(tok + 2, 1, n - 1, v, wd ? wlo : slo, hi))) return err;
    if (wd) wdogMs = v[0];
    else stallMs = v[0];
    return NULL;
  }
  return "VERB";
}
