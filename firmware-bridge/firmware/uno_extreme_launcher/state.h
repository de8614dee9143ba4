// What the main sketch and the commands share.
#ifndef UNO_EXTREME_STATE_H
#define UNO_EXTREME_STATE_H

#include <Arduino.h>

extern uint16_t wdogMs, stallMs;
extern uint16_t lastSeq;

void sendHello();
void sendStatus();
// The lid reads open, raw or debounced: the motor may not start.
bool lidOpen();

#endif
