// The counters that survive a reset (PROTOCOL.md, "Resynchronising"). Opening the serial port
// resets an Uno (DTR); so may a USB glitch. The card and press counters and the session id live in
// .noinit SRAM, which the C runtime does not clear: an external (DTR) or watchdog reset keeps them,
// a power cycle loses them. A magic word and a CRC-16 tell kept counters from SRAM garbage.
#ifndef UNO_EXTREME_SESSION_H
#define UNO_EXTREME_SESSION_H

#include <Arduino.h>

// How this run of the firmware started.
enum BootKind : uint8_t { BOOT_COLD, BOOT_WARM };

// In .noinit: valid when `magic` is SESSION_MAGIC and `check` is the CRC of the fields before it.
struct Session {
  uint32_t magic;
  uint16_t sid;       // a new one on every cold boot: the host tells a power cycle from a reset
  uint32_t cards;     // since the cold boot or ZERO
  uint32_t presses;
  uint8_t servo;      // the servo's angle: a warm reset keeps it, so the launcher does not turn
  uint16_t check;
};

extern Session session;
extern BootKind bootKind;
// MCUSR as the firmware found it at reset (0 when the bootloader cleared it first).
extern uint8_t resetFlags;

// Decides warm or cold (first thing in setup): a cold boot zeroes the counters and takes a new id.
void sessionBegin();
// Counts one card / one press; returns the new count.
uint32_t countCard();
uint32_t countPress();
// ZERO: both counters back to 0 (the session id stays).
void zeroCounters();
// The servo's new angle, kept for the next warm boot.
void keepServo(uint8_t deg);

#endif
