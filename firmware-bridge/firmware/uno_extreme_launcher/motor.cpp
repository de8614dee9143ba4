#include "motor.h"
#include "config.h"

static MotorState state = MOTOR_STOP;
static uint8_t duty;
static uint16_t runMs;
static uint32_t startMs, progressMs;

void motorSetup() {
  pinMode(PIN_MOTOR_PWM, OUTPUT);
  pinMode(PIN_MOTOR_DIR_A, OUTPUT);
  pinMode(PIN_MOTOR_DIR_B, OUTPUT);
  motorStop();
}

void motorRun(MotorState dir, uint8_t d, uint16_t ms, uint32_t now) {
  analogWrite(PIN_MOTOR_PWM, 0);  // never switch direction under power
  digitalWrite(PIN_MOTOR_DIR_A, dir == MOTOR_FWD ? HIGH : LOW);
  digitalWrite(PIN_MOTOR_DIR_B, dir == MOTOR_REV ? HIGH : LOW);
  state = dir;
  duty = d;
  runMs = ms;
  startMs = progressMs = now;
  analogWrite(PIN_MOTOR_PWM, d);
}

void motorStop() {
  analogWrite(PIN_MOTOR_PWM, 0);
  digitalWrite(PIN_MOTOR_DIR_A, LOW);
  digitalWrite(PIN_MOTOR_DIR_B, LOW);
  state = MOTOR_STOP;
  duty = 0;
}

void motorProgress(uint32_t now) { progressMs = now; }

MotorCheck motorCheck(uint32_t now, uint16_t stallMs) {
  if (state == MOTOR_STOP) return MOTOR_OK;
  if (now - startMs >= runMs) {
    motorStop();
    return MOTOR_EXPIRED;
  }
  if (state == MOTOR_FWD && now - progressMs >= stallMs) {
    motorStop();
    return MOTOR_STALLED;
  }
  return MOTOR_OK;
}

MotorState motorState() { return state; }
uint8_t motorDuty() { return duty; }
