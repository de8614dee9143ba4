#include "watchdog.h"
#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include "config.h"
#include "motor.h"

static WatchdogMode mode = WATCHDOG_RESET;

// The old Nano bootloader (ATmegaBOOT, 2 KB from OLD_BOOTLOADER_START) neither clears a watchdog
// reset's flag (WDRF) nor turns the watchdog off; while WDRF is set the chip forces the watchdog on
// at its shortest, 16 ms, and the bootloader, waiting a second for an upload, is reset by it again
// and again: the sketch never runs until the power is cut (issue 41: 510 resets in 8.1 s after one hang). A
// board with Optiboot (512 bytes, above this range) or none has this range erased, 0xFF, since
// this sketch ends far below it; any other byte is that bootloader. (Flash a bigger sketch left
// behind reads the same: the cure is the same, burning Optiboot, which erases the chip.)
static bool oldBootloaderInFlash() {
  for (uint16_t at = OLD_BOOTLOADER_START; at < OLD_BOOTLOADER_END; at++) {
    if (pgm_read_byte(at) != 0xFF) return true;
  }
  return false;
}

WatchdogMode watchdogBegin() {
  if (!oldBootloaderInFlash()) {
    wdt_enable(HW_WATCHDOG);
    return mode = WATCHDOG_RESET;
  }
  // Interrupt mode (WDIE without WDE): a hung loop() gets the motor cut within HW_WATCHDOG, and the
  // chip is not reset, so the bootloader never sees a watchdog reset. The timed sequence as
  // avr-libc's wdt_enable writes it: the second store within four cycles of the first.
  const uint8_t wdtcsr = _BV(WDIE) | (HW_WATCHDOG & 0x07) | ((HW_WATCHDOG & 0x08) ? _BV(WDP3) : 0);
  uint8_t sreg = SREG;
  cli();
  __asm__ __volatile__(
      "wdr\n\t"
      "sts %0, %1\n\t"
      "sts %0, %2\n\t"
      :
      : "n"(_SFR_MEM_ADDR(WDTCSR)), "r"((uint8_t)(_BV(WDCE) | _BV(WDE))), "r"(wdtcsr)
      : "memory");
  SREG = sreg;
  return mode = WATCHDOG_CUT;
}

WatchdogMode watchdogMode() { return mode; }

// Only in WATCHDOG_CUT mode: loop() has not reset the watchdog for HW_WATCHDOG. It fires again every
// HW_WATCHDOG while the loop stays hung; the board answers nothing until it is reset by hand or by
// a host opening its port.
ISR(WDT_vect) { motorCut(); }
