// The piezo, played from Timer2's overflow interrupt. Arduino's tone() would take Timer2 over and
// break the motor's PWM on pin 11; instead Timer2 keeps its PWM (at clk/8: 3921.6 Hz) and its
// overflow toggles the piezo every n overflows: 1961, 980, 654, 490 Hz ... (n = 1, 2, 3, 4 ...).
#ifndef UNO_EXTREME_BUZZER_H
#define UNO_EXTREME_BUZZER_H

#include <Arduino.h>

void buzzerSetup();
// Plays the nearest available pitch for `ms`; 0 Hz or 0 ms is silence. `hz` is at most 2000.
void buzzerStart(uint16_t hz, uint16_t ms);
void buzzerStop();

#endif
