#include "servo.h"
#include "config.h"

#if PIN_SERVO == 10
#define SERVO_OCR OCR1B
#define SERVO_COM _BV(COM1B1)
#elif PIN_SERVO == 9
#define SERVO_OCR OCR1A
#define SERVO_COM _BV(COM1A1)
#else
#error "PIN_SERVO must be 9 or 10: the servo pulse comes from Timer1's hardware outputs (OC1A, OC1B)"
#endif

void servoWrite(uint8_t deg) {
  if (deg > 180) deg = 180;
  uint16_t us = SERVO_MIN_US + (uint32_t)(SERVO_MAX_US - SERVO_MIN_US) * deg / 180;
  SERVO_OCR = (us + 2) / 4;  // timer ticks are 4 us at clock/64
}

void servoSetup(uint8_t deg) {
  pinMode(PIN_SERVO, OUTPUT);
  // Fast PWM with TOP = ICR1 (mode 14), clock/64: 5000 ticks of 4 us = 20 ms. 4 us steps are
  // about 0.4 degree: finer than a hobby servo's dead band.
  TCCR1B = 0;
  TCCR1A = SERVO_COM | _BV(WGM11);
  ICR1 = 4999;
  servoWrite(deg);
  TCNT1 = 0;
  TCCR1B = _BV(WGM13) | _BV(WGM12) | _BV(CS11) | _BV(CS10);
}
