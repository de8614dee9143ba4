#include "buzzer.h"
#include <util/atomic.h>
#include "config.h"

#define OVERFLOW_HZ_X10 39216UL  // 16 MHz / 8 / 510 (phase-correct 8-bit PWM), times 10

static volatile uint8_t *pinReg;  // writing a 1 to PINx toggles the output: atomic
static volatile uint8_t *portReg;
static uint8_t mask;
static volatile uint32_t togglesLeft;
static volatile uint8_t divider, count;

void buzzerSetup() {
  pinMode(PIN_PIEZO, OUTPUT);
  digitalWrite(PIN_PIEZO, LOW);
  uint8_t port = digitalPinToPort(PIN_PIEZO);
  pinReg = portInputRegister(port);
  portReg = portOutputRegister(port);
  mask = digitalPinToBitMask(PIN_PIEZO);
  TCCR2B = (TCCR2B & 0xf8) | 0x02;  // Timer2 clock/8: motor PWM 3.9 kHz, overflow 3921.6 Hz
}

// The piezo's port holds the motor driver's pins too (PORTB on an Uno): its bit is cleared with
// interrupts off, or the lid's interrupt could cut the driver between the read and the write, and
// the write would put the driver's pins back as they were (issue 41: the motor ran on with the lid
// open). The Timer2 interrupt's own write needs nothing: interrupts do not nest.
void buzzerStop() {
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
    TIMSK2 &= ~_BV(TOIE2);
    togglesLeft = 0;
    *portReg &= ~mask;  // leave the piezo unpowered
  }
}

void buzzerStart(uint16_t hz, uint16_t ms) {
  buzzerStop();
  if (hz == 0 || ms == 0) return;
  // round(overflowHz / (2 hz)): at least 1 for TONE's highest pitch, 2000 Hz
  uint32_t n = (OVERFLOW_HZ_X10 + 10UL * hz) / (20UL * hz);
  if (n > 255) n = 255;
  uint32_t toggles = (uint32_t)ms * OVERFLOW_HZ_X10 / (10000UL * n);
  noInterrupts();
  divider = n;
  count = 0;
  togglesLeft = toggles ? toggles : 1;
  TIFR2 = _BV(TOV2);
  TIMSK2 |= _BV(TOIE2);
  interrupts();
}

ISR(TIMER2_OVF_vect) {
  if (++count < divider) return;
  count = 0;
  *pinReg = mask;
  if (--togglesLeft == 0) {
    TIMSK2 &= ~_BV(TOIE2);
    *portReg &= ~mask;
  }
}
