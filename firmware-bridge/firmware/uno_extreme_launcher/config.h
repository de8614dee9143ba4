// uno-extreme launcher firmware: every pin and every number in one place.
// The reference build is in firmware-bridge/HARDWARE.md; the protocol in PROTOCOL.md.
#ifndef UNO_EXTREME_CONFIG_H
#define UNO_EXTREME_CONFIG_H

#define FW_VERSION "0.4.0"
#define PROTO_VERSION 1
#define SERIAL_BAUD 115200

// ---- Pins (Arduino numbers) ----
#define PIN_BUTTON 2      // to GND, INPUT_PULLUP: LOW = pressed
#define PIN_LID 3         // to GND when the lid is closed, INPUT_PULLUP: HIGH = open (a cut wire reads open)
#define PIN_BEAM 4        // IR break-beam receiver (open collector), INPUT_PULLUP: LOW = beam broken
#define PIN_PIEZO 8       // passive piezo through 100 ohm
#define PIN_MOTOR_DIR_B 9 // driver IN2 (L293D 2A / TB6612 AIN2): HIGH in reverse
#define PIN_SERVO 10      // hobby servo signal: 9 or 10 (Timer1's hardware PWM; 9 and 10 lose analogWrite)
#define PIN_MOTOR_PWM 11  // driver enable (L293D EN1,2 / TB6612 PWMA): any analogWrite pin but 9 and 10
#define PIN_MOTOR_DIR_A 12 // driver IN1 (L293D 1A / TB6612 AIN1): HIGH forward
#define PIN_BATTERY A0    // battery through a divider, read against the internal 1.1 V reference

// ---- Battery divider: top resistor from battery + to A0, bottom from A0 to GND ----
#define BAT_DIVIDER_TOP_OHMS 100000UL
#define BAT_DIVIDER_BOTTOM_OHMS 22000UL
// The internal reference is 1.1 V +/- 10 %: measure it on your board (AREF pin) and put it here.
#define BAT_AREF_MV 1100UL
#define BAT_SAMPLE_MS 100
#define BAT_REPORT_DELTA_MV 50
#define BAT_REPORT_MIN_MS 1000

// ---- Debounce: a level must hold this long to count ----
#define BUTTON_DEBOUNCE_MS 20
#define LID_DEBOUNCE_MS 30
#define BEAM_DEBOUNCE_MS 2

// ---- Safety ----
#define MAX_RUN_MS 10000U          // cap on a FWD command's run time
#define MAX_REV_MS 500U            // cap on a REV command's: a pulse that pulls a half-out card back
#define REV_STUCK_MS 200U          // reverse with the beam broken this long: the card is stuck, stop
#define COAST_MS 20U               // motor unpowered this long before it turns the other way
#define HW_WATCHDOG WDTO_250MS     // the chip resets when loop() has not run for this long
// Where the old Nano bootloader (ATmegaBOOT, 2 KB) sits; Optiboot (512 bytes) starts at the end.
// Flash that holds anything here means that bootloader: it leaves a watchdog reset's flag set, and
// the watchdog resets the board inside the bootloader forever. Then the watchdog only cuts the motor.
#define OLD_BOOTLOADER_START 0x7800U
#define OLD_BOOTLOADER_END 0x7E00U
#define WATCHDOG_DEFAULT_MS 1000U  // no valid host line for this long stops the motor
#define WATCHDOG_MIN_MS 200U
#define STALL_DEFAULT_MS 1500U     // forward with no card for this long: STALL
#define STALL_MIN_MS 100U
#define SET_MAX_MS 60000U

// ---- Servo pulse range (the Servo library's defaults), degrees 0..180 ----
#define SERVO_MIN_US 544
#define SERVO_MAX_US 2400
#define SERVO_START_DEG 90

// ---- Counters kept across a reset (session.h) ----
#define SESSION_MAGIC 0x5E55C0DEUL // marks the .noinit counters as written by this firmware
#define EEPROM_SID_ADDR 0          // 2 bytes: the last cold boot's session id

// ---- Line lengths (PROTOCOL.md) ----
#define MAX_HOST_LINE 48

// ---- Serial work per loop() pass: bounded, so the safety checks run whatever the wire does ----
#define READ_PER_PASS 16           // host bytes read per pass (the wire brings 11.5 a millisecond)
#define TX_QUEUE_BYTES 256         // device lines waiting for the UART (a power of two, at most 256)
#define TX_EVENT_ROOM 88           // a reply is dropped rather than leave less room than this for events;
                                   // 255 - 88 = 167 bytes take the longest HELLO and its ACK (165)

#endif
