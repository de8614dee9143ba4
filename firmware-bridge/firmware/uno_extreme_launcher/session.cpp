#include "session.h"
#include <avr/eeprom.h>
#include <avr/wdt.h>
#include <util/crc16.h>
#include "config.h"

// Neither in .data nor .bss: the C runtime leaves .noinit as the reset found it.
Session session __attribute__((section(".noinit")));
uint8_t resetFlags __attribute__((section(".noinit")));
BootKind bootKind;

// Runs in .init3, before the C runtime sets up .data and .bss (.init4) and long before setup():
// reads the reset cause and clears it (the flags only ever accumulate), and turns off a watchdog
// a watchdog reset leaves running. Naked: the startup code falls through it to .init4.
void captureResetFlags() __attribute__((naked, used, section(".init3")));
void captureResetFlags() {
  resetFlags = MCUSR;
  MCUSR = 0;
  wdt_disable();
}

static uint16_t sessionCrc() {
  uint16_t crc = 0xFFFF;
  const uint8_t *p = (const uint8_t *)&session;
  for (uint8_t i = 0; i < offsetof(Session, check); i++) crc = _crc_ccitt_update(crc, p[i]);
  return crc;
}

static void seal() {
  session.magic = SESSION_MAGIC;
  session.check = sessionCrc();
}

// The next session id: one more than the last cold boot's, kept in EEPROM, so two power cycles in
// a row never share one (0 and 0xFFFF, an erased EEPROM, are skipped). Written before HELLO, so a
// power cut right after HELLO cannot hand the same id out twice.
static uint16_t nextSid() {
  uint16_t *at = (uint16_t *)EEPROM_SID_ADDR;
  uint16_t sid = eeprom_read_word(at) + 1;
  if (sid == 0 || sid == 0xFFFF) sid = 1;
  eeprom_update_word(at, sid);
  return sid;
}

void sessionBegin() {
  // Power-on or brown-out: SRAM may hold anything, even a valid-looking copy. Otherwise (external
  // or watchdog reset, or no flag at all because the bootloader cleared MCUSR) the check decides.
  bool power = resetFlags & (_BV(PORF) | _BV(BORF));
  if (!power && session.magic == SESSION_MAGIC && session.check == sessionCrc()) {
    bootKind = BOOT_WARM;
    return;
  }
  bootKind = BOOT_COLD;
  session.sid = nextSid();
  session.cards = session.presses = 0;
  session.servo = SERVO_START_DEG;
  seal();
}

// A reset between a count and its seal leaves the check wrong: the next boot is cold, and says so,
// rather than trusting a half-written counter.
uint32_t countCard() {
  session.cards++;
  seal();
  return session.cards;
}

uint32_t countPress() {
  session.presses++;
  seal();
  return session.presses;
}

void zeroCounters() {
  session.cards = session.presses = 0;
  seal();
}

void keepServo(uint8_t deg) {
  session.servo = deg;
  seal();
}
