// uno-extreme launcher firmware: runs the card launcher's motor, piezo and servo for a host over
// USB serial, and reports the button, the lid, each card leaving and the battery.
// Protocol: firmware-bridge/PROTOCOL.md. Wiring: firmware-bridge/HARDWARE.md. Pins: config.h.
//
// The safety rules hold whatever the host says or sends: no motor with the lid open (a pin-change
// interrupt cuts it), every run has a time limit, a silent host stops the motor (heartbeat), a
// roller that runs with no card leaving is stopped (stall), the motor coasts before it turns the
// other way, and the chip resets (hardware watchdog) if loop() ever stops running (on a board with
// the old Nano bootloader the watchdog only cuts the motor: watchdog.cpp). Each loop() pass reads a
// bounded number of host bytes and never waits to send a reply, so every check runs at least once
// every 6 ms whatever arrives on the wire (PROTOCOL.md).
//
// The card and press counters survive a reset (DTR on port open, a watchdog) but not a power cycle:
// session.h. HELLO says which it was, so a host that lost the link can resynchronise.
#include <avr/wdt.h>
#include "config.h"
#include "protocol.h"
#include "inputs.h"
#include "motor.h"
#include "buzzer.h"
#include "servo.h"
#include "state.h"
#include "commands.h"
#include "session.h"
#include "watchdog.h"

// Shared with commands.cpp (state.h).
uint16_t wdogMs = WATCHDOG_DEFAULT_MS, stallMs = STALL_DEFAULT_MS;
uint16_t lastSeq;  // the last command run, by seq and checksum text, to spot a retry

static LineReader reader;
static Debounced button = {PIN_BUTTON, BUTTON_DEBOUNCE_MS, false, false, 0};
static Debounced lid = {PIN_LID, LID_DEBOUNCE_MS, false, false, 0};
static Debounced beam = {PIN_BEAM, BEAM_DEBOUNCE_MS, false, false, 0};
static bool clearedForward;  // the beam last cleared while the motor ran forward
static uint32_t lastHostMs;
static uint16_t lastCrc;
static const char *lastNak;  // its reply: NULL = ACK

// Battery, in mV after the divider and a light filter.
static uint32_t lastBatSampleMs, lastBatReportMs;
static int32_t batMv = -1, batReportedMv = -1;

void sendHello() {
  txBegin();
  txStr(F("HELLO uno-extreme "));
  txNum(PROTO_VERSION);
  txStr(F(" " FW_VERSION " wdog="));
  txNum(wdogMs);
  txStr(F(" stall="));
  txNum(stallMs);
  txStr(F(" maxrun="));
  txNum(MAX_RUN_MS);
  txStr(F(" maxrev="));
  txNum(MAX_REV_MS);
  txStr(bootKind == BOOT_WARM ? F(" boot=warm cards=") : F(" boot=cold cards="));
  txNum(session.cards);
  txStr(F(" presses="));
  txNum(session.presses);
  txStr(F(" sid="));
  txNum(session.sid);
  txStr(F(" servo="));
  txNum(session.servo);
  txStr(watchdogMode() == WATCHDOG_CUT ? F(" wdt=cut") : F(" wdt=reset"));
  txEnd();
}

// One event line "VERB n" or "VERB word".
static void sendEvent(const __FlashStringHelper *verb, uint32_t n) {
  txBegin();
  txStr(verb);
  txNum(n);
  txEnd();
  txSend(TX_EVENT);
}

static void sendWord(const __FlashStringHelper *verb, const char *word) {
  txBegin();
  txStr(verb);
  txStr(word);
  txEnd();
  txSend(TX_EVENT);
}

// The ACK or NAK, after a query's data line if one was built: both go, or neither.
static void sendReply(uint16_t seq, const char *nak) {
  txBegin();
  txStr(nak ? F("NAK ") : F("ACK "));
  txNum(seq);
  if (nak) {
    txChar(' ');
    txStr(nak);
  }
  txEnd();
  txSend(TX_REPLY);
}

void sendStatus() {
  static const char *const names[] = {"STOP", "FWD", "REV"};
  txBegin();
  txStr(F("STATUS cards=")); txNum(session.cards);
  txStr(F(" presses=")); txNum(session.presses);
  txStr(F(" lid=")); txNum(lid.stable);
  txStr(F(" btn=")); txNum(!button.stable);
  txStr(F(" beam=")); txNum(!beam.stable);
  txStr(F(" motor=")); txStr(names[motorState()]);
  txStr(F(" duty=")); txNum(motorDuty());
  txStr(F(" servo=")); txNum(session.servo);
  txStr(F(" mv=")); txNum(batMv < 0 ? 0 : batMv);
  txStr(F(" wdog=")); txNum(wdogMs);
  txStr(F(" stall=")); txNum(stallMs);
  txStr(F(" up=")); txNum(millis());
  txEnd();
}

bool lidOpen() { return lidRawOpen() || lid.stable; }

// A complete line from the host: check it, run it once, reply.
static void handleLine(char *line, uint8_t len) {
  uint16_t crc = len >= 2 ? (uint16_t)(line[len - 2] << 8 | line[len - 1]) : 0;  // the checksum's two hex digits
  if (!unframe(line, len)) {
    sendReply(0, "CHECKSUM");
    return;
  }
  lastHostMs = millis();  // any intact frame is a heartbeat
  char *tok[6];
  uint8_t count = splitTokens(line, tok, 6);
  uint16_t seq;
  if (!parseU16(tok[0], &seq) || seq == 0) {
    sendReply(0, "SEQ");
    return;
  }
  if (count < 2) {
    sendReply(seq, "VERB");
    return;
  }
  // A retry of the last command (the same line: its ACK was lost) is answered again, not run
  // again; queries have no effect to repeat and are run again for their data.
  bool isQuery = !strcmp(tok[1], "HELLO") || !strcmp(tok[1], "STATUS");
  if (seq == lastSeq && crc == lastCrc && !isQuery) {
    sendReply(seq, lastNak);
    return;
  }
  // execute() checks the count before it reads an argument, so it never reads past tok[5].
  const char *nak = execute(tok + 1, count - 2);
  if (!isQuery) {
    lastSeq = seq;
    lastCrc = crc;
    lastNak = nak;
  }
  sendReply(seq, nak);
}

// At most READ_PER_PASS bytes: a flood waits in the UART's buffer (and overflows it, as a host that
// ignores flow control must expect) rather than keep the loop from its checks.
static void readHost() {
  for (uint8_t n = 0; n < READ_PER_PASS && Serial.available(); n++) {
    switch (reader.feed((uint8_t)Serial.read())) {
      case LINE_READY: handleLine(reader.buf, reader.lineLen); break;
      case LINE_GARBAGE: sendReply(0, "GARBAGE"); break;
      case LINE_TOOLONG: sendReply(0, "TOOLONG"); break;
      default: break;
    }
  }
}

static void pollInputs(uint32_t now) {
  if (motorTakeLidCut()) sendWord(F("STOPPED "), "LID");  // the interrupt cut the motor: say so
  if (debounce(lid, now)) sendEvent(F("LID "), lid.stable);
  if (debounce(button, now) && !button.stable) sendEvent(F("BTN "), countPress());
  // A card has left when the beam clears while the roller drives forward. A card the roller lets
  // go back into the launcher (the motor stopped or reversed mid-card, or the MCU reset under it)
  // clears the beam too, but did not leave: it is not counted.
  bool beamClear = pinHigh(PIN_BEAM);
  if (beamClear && !beam.last) clearedForward = motorState() == MOTOR_FWD;
  if (debounce(beam, beamClear, now) && beam.stable && clearedForward) {
    motorProgress(now);
    sendEvent(F("CARD "), countCard());
  }
}

static void checkMotor(uint32_t now) {
  switch (motorCheck(now, stallMs, !pinHigh(PIN_BEAM))) {
    case MOTOR_EXPIRED: sendWord(F("STOPPED "), "EXPIRED"); break;
    case MOTOR_STALLED: sendEvent(F("STALL "), session.cards); break;
    case MOTOR_STUCK: sendWord(F("STOPPED "), "STUCK"); break;
    default: break;
  }
  if (now - lastHostMs > wdogMs) {
    buzzerStop();
    if (motorState() != MOTOR_STOP) {
      motorStop();
      sendWord(F("STOPPED "), "WATCHDOG");
    }
  }
}

static void pollBattery(uint32_t now) {
  if (now - lastBatSampleMs < BAT_SAMPLE_MS && batMv >= 0) return;
  lastBatSampleMs = now;
  int32_t mv = (int32_t)(analogRead(PIN_BATTERY) * (BAT_AREF_MV / 1023.0) *
                         ((BAT_DIVIDER_TOP_OHMS + BAT_DIVIDER_BOTTOM_OHMS) / (double)BAT_DIVIDER_BOTTOM_OHMS));
  batMv = batMv < 0 ? mv : batMv + (mv - batMv) / 4;
  int32_t change = batMv - batReportedMv;
  if (batReportedMv < 0 || ((change >= BAT_REPORT_DELTA_MV || change <= -BAT_REPORT_DELTA_MV) && now - lastBatReportMs >= BAT_REPORT_MIN_MS)) {
    batReportedMv = batMv;
    lastBatReportMs = now;
    sendEvent(F("BAT "), batMv);
  }
}

void setup() {
  sessionBegin();  // warm or cold: before anything reports a counter
  motorSetup();
  buzzerSetup();
  inputSetup(button);
  inputSetup(lid);
  inputSetup(beam);
  analogReference(INTERNAL);
  analogRead(PIN_BATTERY);  // the first reading after a reference change is off: discard it
  servoSetup(session.servo);  // where it was before a warm reset: the launcher does not turn
  Serial.begin(SERIAL_BAUD);
  lidInterruptSetup();
  watchdogBegin();  // before HELLO, which says its mode
  sendHello();
  txSend(TX_EVENT);
}

void loop() {
  wdt_reset();
  txPump();
  // Each step reads the clock afresh: a time taken before a command ran would be older than the
  // command's start, and unsigned differences would wrap.
  readHost();
  motorGuard();
  pollInputs(millis());
  checkMotor(millis());
  pollBattery(millis());
}
