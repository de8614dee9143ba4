// The roller's DC motor through an L293D or TB6612: direction on two pins, speed as PWM.
#ifndef UNO_EXTREME_MOTOR_H
#define UNO_EXTREME_MOTOR_H

#include <Arduino.h>

enum MotorState : uint8_t { MOTOR_STOP, MOTOR_FWD, MOTOR_REV };
enum MotorCheck : uint8_t { MOTOR_OK, MOTOR_EXPIRED, MOTOR_STALLED };

void motorSetup();
// Runs for at most `ms`; the caller has checked the lid.
void motorRun(MotorState dir, uint8_t duty, uint16_t ms, uint32_t now);
void motorStop();
// A card left: the roller is turning cards, not stalled.
void motorProgress(uint32_t now);
// Stops the motor when its run time is over or it ran forward `stallMs` with no card; says which.
MotorCheck motorCheck(uint32_t now, uint16_t stallMs);
MotorState motorState();
uint8_t motorDuty();

#endif
