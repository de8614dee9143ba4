// Debounced digital inputs (all wired to GND with the internal pull-up).
#ifndef UNO_EXTREME_INPUTS_H
#define UNO_EXTREME_INPUTS_H

#include <Arduino.h>
#include "config.h"

// A pin whose level counts once it has held for `ms`.
struct Debounced {
  uint8_t pin;
  uint8_t ms;
  bool stable;     // the accepted level (true = HIGH)
  bool last;       // the level at the last poll
  uint32_t since;  // when `last` was first seen
};

// The pin's level, read from its port's input register and nothing else. Arduino's digitalRead()
// also disconnects the pin's PWM with a read-modify-write of the timer's control register; for the
// lid's pin (D3, Timer2's output B) that register also connects the motor's PWM (D11, output A),
// and a lid interrupt between the read and the write had its cut of the PWM written back.
inline bool pinHigh(uint8_t pin) { return *portInputRegister(digitalPinToPort(pin)) & digitalPinToBitMask(pin); }

// Sets the pin to INPUT_PULLUP and accepts its present level.
inline void inputSetup(Debounced &d) {
  pinMode(d.pin, INPUT_PULLUP);
  d.stable = d.last = pinHigh(d.pin);
  d.since = millis();
}

// Feeds the pin's level read now; true when the accepted level changed.
inline bool debounce(Debounced &d, bool level, uint32_t now) {
  if (level != d.last) {
    d.last = level;
    d.since = now;
  }
  if (level != d.stable && now - d.since >= d.ms) {
    d.stable = level;
    return true;
  }
  return false;
}

// Polls the pin; true when the accepted level changed.
inline bool debounce(Debounced &d, uint32_t now) { return debounce(d, pinHigh(d.pin), now); }

// The lid switch read open right now (no debounce): what the interlock acts on.
inline bool lidRawOpen() { return pinHigh(PIN_LID); }

#endif
