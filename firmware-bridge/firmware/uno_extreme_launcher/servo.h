// The hobby servo that turns the launcher, driven by Timer1's hardware PWM (50 Hz, 4 us steps):
// no interrupt, no jitter, no library. The servo pin must be one of Timer1's outputs, 9 or 10; the
// other one stays a plain digital pin (the motor's direction pin in the reference build).
#ifndef UNO_EXTREME_SERVO_H
#define UNO_EXTREME_SERVO_H

#include <Arduino.h>

void servoSetup(uint8_t deg);
void servoWrite(uint8_t deg);

#endif
