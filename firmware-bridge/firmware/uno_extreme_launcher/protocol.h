// The line protocol's framing for the firmware (PROTOCOL.md): CRC-8 lines out, checked lines in.
// Mirrors firmware-bridge/frame.ts and codec.ts; the golden tests hold both to the same bytes.
#ifndef UNO_EXTREME_PROTOCOL_H
#define UNO_EXTREME_PROTOCOL_H

#include <Arduino.h>
#include "config.h"

// CRC-8/SMBUS: poly 0x07, init 0.
uint8_t crc8Update(uint8_t crc, uint8_t c);

// Builds device lines piece by piece, computing each checksum on the way: txBegin, txStr/txNum...,
// txEnd (which appends "*CC\n"); then txSend hands what was built to the transmit queue.
void txBegin();
void txChar(char c);
void txStr(const char *s);
void txStr(const __FlashStringHelper *s);
void txNum(uint32_t v);
void txEnd();

// What a built line is to its reader: an event is never lost; a reply may be (PROTOCOL.md, "Flow
// control"): the host retries a command whose reply does not come, and a NAK 0 has no retry.
enum TxKind : uint8_t { TX_EVENT, TX_REPLY };

// Queues the lines built since the last send, whole or not at all. A reply goes only when the queue
// keeps TX_EVENT_ROOM bytes free after it, else it is dropped (false). An event waits for room
// (the UART frees a byte every 87 us and replies leave room, so it never waits in practice).
bool txSend(TxKind kind);

// Moves queued bytes into the UART's buffer without waiting: once per loop() pass.
void txPump();

// What feeding one byte to the reader produced.
enum LineEvent : uint8_t { LINE_NONE, LINE_READY, LINE_GARBAGE, LINE_TOOLONG };

// Assembles host lines. The first bad byte of a line, or the byte that makes it too long, is
// reported once; the rest of the line up to '\n' is dropped. '\r' is ignored, empty lines skipped.
struct LineReader {
  char buf[MAX_HOST_LINE + 1];
  uint8_t len;      // characters of the line being assembled
  uint8_t lineLen;  // length of the line just completed (valid after LINE_READY)
  bool dropping;
  LineEvent feed(uint8_t b);
};

// Checks "body*CC" in place: on success cuts the line to its body (NUL-terminated) and returns true.
bool unframe(char *line, uint8_t len);

// Splits a body at every single space, in place. Stores up to `max` tokens; returns how many there
// are in all (an empty token stands for a doubled, leading or trailing space).
uint8_t splitTokens(char *body, char **tok, uint8_t max);

// An unsigned decimal without sign or leading zeros, at most 65535.
bool parseU16(const char *s, uint16_t *out);

#endif
