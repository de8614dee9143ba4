#include "protocol.h"

uint8_t crc8Update(uint8_t crc, uint8_t c) {
  crc ^= c;
  for (uint8_t i = 0; i < 8; i++) crc = (crc & 0x80) ? (uint8_t)((crc << 1) ^ 0x07) : (uint8_t)(crc << 1);
  return crc;
}

// Replies must never hold up the loop, and Serial.write waits once the UART's 64-byte buffer is
// full: lines go to this queue, and txPump feeds the UART only what it takes at once.
static char txQueue[TX_QUEUE_BYTES];
static uint8_t txHead, txTail;  // wrap at 256: TX_QUEUE_BYTES divides it
static char built[TX_QUEUE_BYTES - TX_EVENT_ROOM];  // the lines being built: a query's data and its ACK
static uint8_t builtLen;
static uint8_t txCrc;

static uint8_t txQueued() { return (uint8_t)(txTail - txHead) % TX_QUEUE_BYTES; }

void txBegin() { txCrc = 0; }

static void txPut(char c) {
  if (builtLen < sizeof built) built[builtLen++] = c;  // lines are shorter: never cut in practice
}

void txChar(char c) {
  txPut(c);
  txCrc = crc8Update(txCrc, (uint8_t)c);
}

void txStr(const char *s) {
  while (*s) txChar(*s++);
}

void txStr(const __FlashStringHelper *s) {
  const char *p = (const char *)s;
  for (char c = pgm_read_byte(p); c; c = pgm_read_byte(++p)) txChar(c);
}

void txNum(uint32_t v) {
  char digits[11];
  uint8_t n = 0;
  do {
    digits[n++] = '0' + v % 10;
    v /= 10;
  } while (v);
  while (n) txChar(digits[--n]);
}

static char hexDigit(uint8_t v) { return v < 10 ? '0' + v : 'A' + v - 10; }

void txEnd() {
  txPut('*');
  txPut(hexDigit(txCrc >> 4));
  txPut(hexDigit(txCrc & 15));
  txPut('\n');
}

void txPump() {
  while (txHead != txTail && Serial.availableForWrite() > 0) {
    Serial.write(txQueue[txHead % TX_QUEUE_BYTES]);
    txHead++;
  }
}

bool txSend(TxKind kind) {
  uint8_t len = builtLen;
  builtLen = 0;
  // One slot stays empty: a full queue would look empty.
  uint16_t need = len + (kind == TX_REPLY ? TX_EVENT_ROOM : 0);
  if (kind == TX_REPLY && TX_QUEUE_BYTES - 1 - txQueued() < need) return false;
  for (uint8_t i = 0; i < len; i++) {
    while (txQueued() == TX_QUEUE_BYTES - 1) txPump();
    txQueue[txTail % TX_QUEUE_BYTES] = built[i];
    txTail++;
  }
  return true;
}

LineEvent LineReader::feed(uint8_t b) {
  if (b == '\n') {
    bool ready = !dropping && len > 0;
    buf[len] = 0;
    lineLen = len;
    len = 0;
    dropping = false;
    return ready ? LINE_READY : LINE_NONE;  // on LINE_READY the caller reads buf/lineLen at once
  }
  if (dropping || b == '\r') return LINE_NONE;
  if (b < 0x20 || b > 0x7e) {
    dropping = true;
    return LINE_GARBAGE;
  }
  if (len >= MAX_HOST_LINE) {
    dropping = true;
    return LINE_TOOLONG;
  }
  buf[len++] = (char)b;
  return LINE_NONE;
}

static uint8_t hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 0xff;
}

bool unframe(char *line, uint8_t len) {
  if (len < 4 || line[len - 3] != '*') return false;
  uint8_t hi = hexValue(line[len - 2]), lo = hexValue(line[len - 1]);
  if (hi == 0xff || lo == 0xff) return false;
  uint8_t crc = 0;
  for (uint8_t i = 0; i < len - 3; i++) {
    if (line[i] == '*') return false;
    crc = crc8Update(crc, (uint8_t)line[i]);
  }
  if (crc != (uint8_t)((hi << 4) | lo)) return false;
  line[len - 3] = 0;
  return true;
}

uint8_t splitTokens(char *body, char **tok, uint8_t max) {
  uint8_t n = 0;
  char *start = body;
  for (char *p = body;; p++) {
    if (*p == ' ' || *p == 0) {
      bool end = *p == 0;
      *p = 0;
      if (n < max) tok[n] = start;
      n++;
      if (end) return n;
      start = p + 1;
    }
  }
}

bool parseU16(const char *s, uint16_t *out) {
  uint32_t v = 0;
  uint8_t n = 0;
  if (s[0] == '0' && s[1] != 0) return false;
  for (; s[n]; n++) {
    if (s[n] < '0' || s[n] > '9' || n >= 5) return false;
    v = v * 10 + (s[n] - '0');
  }
  if (n == 0 || v > 65535UL) return false;
  *out = (uint16_t)v;
  return true;
}
