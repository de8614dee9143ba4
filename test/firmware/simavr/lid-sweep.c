// The lid opened at chosen instructions, on Debian's simavr: an ATmega328P emulator this project
// did not write (test/firmware/firmware-simavr.test.ts compiles and runs this). It boots the
// firmware's hex once, closes the lid, starts `FWD 255 10000`, and then, for each flash byte
// address given, in a fork of that running board: sends `TONE 1961 1`, runs to the address, opens
// the lid there, and prints the motor driver's pins (PORTB bits of D9, D11, D12: the reference
// build) 100 us and 2 ms later. One line per address: `<addr> reached <pins100us> <pins2ms>`, or
// `<addr> unreached`. simavr has no phase-correct mode on Timer2 (the motor's PWM at a part duty):
// at duty 255 the PWM pin is a plain high output, which it models.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_hex.h>
#include <simavr/avr_ioport.h>
#include <simavr/avr_uart.h>

#define PORTB 0x25
#define DRIVER_BITS 0x1A  // PB1 (D9), PB3 (D11), PB4 (D12)
#define CYCLES_PER_MS 16000

static uint8_t crc8(const char *s) {
  uint8_t c = 0;
  for (; *s; s++) {
    c ^= (uint8_t)*s;
    for (int i = 0; i < 8; i++) c = (c & 0x80) ? (uint8_t)((c << 1) ^ 7) : (uint8_t)(c << 1);
  }
  return c;
}

static void sendLine(avr_t *avr, const char *body) {
  avr_irq_t *in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
  char line[64];
  snprintf(line, sizeof line, "%s*%02X\n", body, crc8(body));
  for (char *p = line; *p; p++) avr_raise_irq(in, (uint8_t)*p);
}

static void runCycles(avr_t *avr, uint64_t n) {
  uint64_t end = avr->cycle + n;
  while (avr->cycle < end) avr_run(avr);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: lid-sweep FIRMWARE.hex ADDR...\n");
    return 2;
  }
  uint32_t size = 0, start = 0;
  uint8_t *code = read_ihex_file(argv[1], &size, &start);
  if (!code) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  avr_t *avr = avr_make_mcu_by_name("atmega328p");
  avr_init(avr);
  avr->frequency = 16000000;
  avr->log = 0;
  avr_loadcode(avr, code, size, start);
  uint32_t flags = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
  flags &= ~AVR_UART_FLAG_STDIO;  // the board's lines are not this program's output
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
  avr_irq_t *lid = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 3);
  avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 2), 1);  // button up
  avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 4), 1);  // beam clear
  runCycles(avr, 30 * CYCLES_PER_MS);                                      // setup() sets the pull-ups
  avr_raise_irq(lid, 0);                                                   // lid closed...
  runCycles(avr, 40 * CYCLES_PER_MS);                                      // ... past its 30 ms debounce
  sendLine(avr, "1 FWD 255 10000");
  runCycles(avr, 5 * CYCLES_PER_MS);
  if ((avr->data[PORTB] & DRIVER_BITS) != 0x18) {
    fprintf(stderr, "the motor does not run forward at duty 255 (PORTB %02x)\n", avr->data[PORTB]);
    return 1;
  }
  for (int a = 2; a < argc; a++) {
    uint32_t addr = strtoul(argv[a], 0, 16);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      sendLine(avr, "2 TONE 1961 1");
      uint64_t end = avr->cycle + 10 * CYCLES_PER_MS;
      while (avr->cycle < end && avr->pc != addr) avr_run(avr);
      if (avr->pc != addr) {
        printf("%x unreached\n", addr);
        fflush(stdout);
        _exit(0);
      }
      avr_raise_irq(lid, 1);
      runCycles(avr, CYCLES_PER_MS / 10);
      uint8_t at100us = avr->data[PORTB] & DRIVER_BITS;
      runCycles(avr, 2 * CYCLES_PER_MS);
      printf("%x reached %02x %02x\n", addr, at100us, avr->data[PORTB] & DRIVER_BITS);
      fflush(stdout);
      _exit(0);
    }
    int status;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;
  }
  return 0;
}
