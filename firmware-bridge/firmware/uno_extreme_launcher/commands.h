// The host's commands.
#ifndef UNO_EXTREME_COMMANDS_H
#define UNO_EXTREME_COMMANDS_H

#include <Arduino.h>

// Runs one command: tok[0] is the verb, tok[1..n] its arguments (the caller stores at most 5
// tokens, but every command checks `n` before it reads one). Returns NULL (ACK) or a NAK code.
const char *execute(char **tok, uint8_t n);

#endif
