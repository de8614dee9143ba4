// The roller's DC motor through an L293D or TB6612: direction on two pins, speed as PWM; and the
// lid interlock, a pin-change interrupt that cuts the motor the moment the lid opens.
#ifndef UNO_EXTREME_MOTOR_H
#define UNO_EXTREME_MOTOR_H

#include <Arduino.h>

enum MotorState : uint8_t { MOTOR_STOP, MOTOR_FWD, MOTOR_REV };
enum MotorCheck : uint8_t { MOTOR_OK, MOTOR_EXPIRED, MOTOR_STALLED, MOTOR_STUCK };

void motorSetup();
// Enables the lid's pin-change interrupt (after motorSetup).
void lidInterruptSetup();
// Runs `dir` at `duty` for at most `ms` of power. A motor that last turned the other way coasts,
// unpowered, until COAST_MS after it was switched off, then starts. False with the lid open (read
// with interrupts off: the lid's interrupt cannot fall between the check and the start).
bool motorRun(MotorState dir, uint8_t duty, uint16_t ms, uint32_t now);
void motorStop();
// From an interrupt (the watchdog's, loop() hung): the motor off at once, as the lid's cut does.
void motorCut();
// Once a pass of loop(), defence in depth behind the interrupt and the atomic writes: with the lid
// reading open (raw pin), or the motor not powered, it drives the driver's pins low again, whatever
// they and the motor's state say; a motor running with the lid open is stopped (STOPPED LID).
// Against a write that undoes the interrupt's cut (issue 41), or a state that says STOP while the
// pins drive.
void motorGuard();
// True once after the lid's interrupt (or motorGuard) cut a running (or coasting) motor.
bool motorTakeLidCut();
// A card left: the roller is turning cards, not stalled.
void motorProgress(uint32_t now);
// Powers a run at the end of its coast; stops the motor when its run time is over, when it ran
// forward `stallMs` with no card, or when it reversed REV_STUCK_MS with the beam broken (`beamBroken`
// now): says which.
MotorCheck motorCheck(uint32_t now, uint16_t stallMs, bool beamBroken);
// The direction asked for (a run coasting before it starts says its own).
MotorState motorState();
uint8_t motorDuty();

#endif
