#include "motor.h"
#include <util/atomic.h>
#include "config.h"
#include "inputs.h"

// The lid's interrupt writes these, the motor's pins (PORTB) and Timer2's control register
// (TCCR2A, analogWrite): the main code changes any of them only with interrupts off, so neither
// half-overwrites the other. That holds beyond this file: the piezo shares PORTB (buzzer.cpp), and
// the inputs are read without digitalRead's write to TCCR2A (inputs.h).
static volatile MotorState state = MOTOR_STOP;
static volatile bool powered;  // false while a run coasts before it starts
static volatile bool lidCut;
static MotorState lastTurned = MOTOR_STOP;  // the way the roller last turned under power
static volatile uint8_t duty;
static uint16_t runMs;
static uint32_t startMs, progressMs, offMs, stuckSince;

// The timer output that drives the PWM pin, which analogWrite connects: cutting the pin means
// disconnecting it first (what analogWrite(pin, 0) does through digitalWrite's turnOffPWM).
#if PIN_MOTOR_PWM == 11
#define PWM_TCCR TCCR2A
#define PWM_COM COM2A1
#elif PIN_MOTOR_PWM == 3
#define PWM_TCCR TCCR2A
#define PWM_COM COM2B1
#elif PIN_MOTOR_PWM == 6
#define PWM_TCCR TCCR0A
#define PWM_COM COM0A1
#elif PIN_MOTOR_PWM == 5
#define PWM_TCCR TCCR0A
#define PWM_COM COM0B1
#else
#error "PIN_MOTOR_PWM must be an analogWrite pin on Timer0 or Timer2: 3, 5, 6 or 11"
#endif

// The driver's pins as output registers and bits, looked up once (motorSetup): the interrupt's cut
// takes a few cycles, not analogWrite's and digitalWrite's table look-ups, and interrupts stay off
// for less time.
static volatile uint8_t *pwmOut, *dirAOut, *dirBOut;
static uint8_t pwmBit, dirABit, dirBBit;

// Pins off, both direction inputs low: the motor coasts. Interrupts off (or in the ISR): these are
// read-modify-writes of the port the piezo shares.
static void pinsOff() {
  PWM_TCCR &= ~_BV(PWM_COM);
  *pwmOut &= ~pwmBit;
  *dirAOut &= ~dirABit;
  *dirBOut &= ~dirBBit;
}

// Interrupts off. Remembers when the roller lost power, for the coast before a reversal.
static void halt() {
  pinsOff();
  if (powered) offMs = millis();
  state = MOTOR_STOP;
  duty = 0;
  powered = false;
}

void motorSetup() {
  pwmOut = portOutputRegister(digitalPinToPort(PIN_MOTOR_PWM));
  dirAOut = portOutputRegister(digitalPinToPort(PIN_MOTOR_DIR_A));
  dirBOut = portOutputRegister(digitalPinToPort(PIN_MOTOR_DIR_B));
  pwmBit = digitalPinToBitMask(PIN_MOTOR_PWM);
  dirABit = digitalPinToBitMask(PIN_MOTOR_DIR_A);
  dirBBit = digitalPinToBitMask(PIN_MOTOR_DIR_B);
  pinMode(PIN_MOTOR_PWM, OUTPUT);
  pinMode(PIN_MOTOR_DIR_A, OUTPUT);
  pinMode(PIN_MOTOR_DIR_B, OUTPUT);
  motorStop();
}

// The pin-change interrupt vector of the lid pin's port (Uno: D0-7 port D, D8-13 port B, A0-5 port C).
#if PIN_LID < 8
#define LID_VECT PCINT2_vect
#elif PIN_LID < 14
#define LID_VECT PCINT0_vect
#else
#define LID_VECT PCINT1_vect
#endif

void lidInterruptSetup() {
  *digitalPinToPCMSK(PIN_LID) |= _BV(digitalPinToPCMSKbit(PIN_LID));
  PCIFR = _BV(digitalPinToPCICRbit(PIN_LID));
  PCICR |= _BV(digitalPinToPCICRbit(PIN_LID));
}

// Any change of the lid pin (others on its port are masked out): open cuts the motor at once.
ISR(LID_VECT) {
  if (lidRawOpen() && state != MOTOR_STOP) {
    halt();
    lidCut = true;
  }
}

void motorGuard() {
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
    bool open = lidRawOpen();
    if (open && state != MOTOR_STOP) {
      halt();
      lidCut = true;
    }
    if (open || !powered) pinsOff();
  }
}

bool motorTakeLidCut() {
  bool cut;
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
    cut = lidCut;
    lidCut = false;
  }
  return cut;
}

// Interrupts off, lid closed: drives the asked direction at the asked duty.
static void powerOn(uint32_t now) {
  digitalWrite(PIN_MOTOR_DIR_A, state == MOTOR_FWD ? HIGH : LOW);
  digitalWrite(PIN_MOTOR_DIR_B, state == MOTOR_REV ? HIGH : LOW);
  analogWrite(PIN_MOTOR_PWM, duty);
  powered = true;
  lastTurned = state;
  startMs = progressMs = stuckSince = now;
}

bool motorRun(MotorState dir, uint8_t d, uint16_t ms, uint32_t now) {
  bool started = false;
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
    if (lidRawOpen()) {
      halt();
    } else {
      // Turning the other way: off first, then on only after the coast (motorCheck), never
      // against the roller's own momentum. The same way: at once, the new duty and time.
      bool reversal = lastTurned != MOTOR_STOP && lastTurned != dir && (powered || now - offMs < COAST_MS);
      if (reversal) halt();
      pinsOff();
      state = dir;
      duty = d;
      runMs = ms;
      if (!reversal) powerOn(now);
      started = true;
    }
  }
  return started;
}

void motorStop() {
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { halt(); }
}

void motorCut() { halt(); }

void motorProgress(uint32_t now) { progressMs = now; }

MotorCheck motorCheck(uint32_t now, uint16_t stallMs, bool beamBroken) {
  if (state == MOTOR_STOP) return MOTOR_OK;
  if (!powered) {
    if (now - offMs >= COAST_MS) {
      ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        if (state == MOTOR_STOP) {  // the lid's interrupt stopped it meanwhile
        } else if (lidRawOpen()) {
          halt();
          lidCut = true;
        } else {
          powerOn(now);
        }
      }
    }
    return MOTOR_OK;
  }
  if (now - startMs >= runMs) {
    motorStop();
    return MOTOR_EXPIRED;
  }
  if (state == MOTOR_FWD && now - progressMs >= stallMs) {
    motorStop();
    return MOTOR_STALLED;
  }
  // A reverse pulse pulls a half-out card back past the beam: a beam still broken after
  // REV_STUCK_MS means the card (or the roller) does not move, and the motor is stalled against it.
  if (state == MOTOR_REV) {
    if (!beamBroken) stuckSince = now;
    else if (now - stuckSince >= REV_STUCK_MS) {
      motorStop();
      return MOTOR_STUCK;
    }
  }
  return MOTOR_OK;
}

MotorState motorState() { return state; }
uint8_t motorDuty() { return duty; }
