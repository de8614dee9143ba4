#include "protocol.h"

uint8_t crc8Update(uint8_t crc, uint8_t c) {
  crc ^= c;
  for (uint8_t i = 0; i < 8; i++) crc = (crc & 0x80) ? (uint8_t)((crc << 1) ^ 0x07) : (uint8_t)(crc << 1);
  return crc;
}

static uint8_t txCrc;

void txBegin() { txCrc = 0; }

void txChar(char c) {
  Serial.write(c);
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
  Serial.write('*');
  Serial.write(hexDigit(txCrc >> 4));
  Serial.write(hexDigit(txCrc & 15));
  Serial.write('\n');
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
