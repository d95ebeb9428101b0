// The scoreboard's firmware: a Raspberry Pi Pico (boards/RPI_PICO of MicroPython v1.28.0, whose
// pins.csv and mpconfigboard.cmake are copied here unchanged) with the app frozen in
// (firmware/manifest.py) and Python call frames on a stack of their own.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico"

// The storage region is littlefs's 1,408 KB (where stock MicroPython keeps it, so a new UF2
// keeps the matches) and, before it, the event ring's 64 KB of raw NOR flash: one page program
// per event, no erase while a player waits (scoreboard/event_ring.py). Our frozen _boot.py
// mounts littlefs at the region's end; the firmware must end below the ring (0x90000), which
// tools/build_firmware.py checks.
#define DOMINOBOARD_RING_BYTES                  (64 * 1024)
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024 + DOMINOBOARD_RING_BYTES)

// Frames of functions with many locals are otherwise heap blocks: every idle pass of the app
// allocated 264 B that way. With the pystack the idle loop allocates nothing (docs/target.md).
// rp2's main.c does not set it up, so the board hooks do, before each mp_init.
#define MICROPY_ENABLE_PYSTACK                  (1)
#define DOMINOBOARD_PYSTACK_WORDS               (1024)

#ifndef __ASSEMBLER__
void mp_pystack_init(void *start, void *end);
static inline void dominoboard_pystack_init(void) {
    static void *pystack[DOMINOBOARD_PYSTACK_WORDS];
    mp_pystack_init(pystack, &pystack[DOMINOBOARD_PYSTACK_WORDS]);
}
#endif
#define MICROPY_BOARD_EARLY_INIT()              dominoboard_pystack_init()
#define MICROPY_BOARD_START_SOFT_RESET()        dominoboard_pystack_init()

// The collector marks from a stack of this many blocks; when more wait than it holds, it scans
// the whole heap again and retraces every marked block (py/gc.c, gc_deal_with_stack_overflow).
// With the screens package the app's roots fan out wider than the default 64, and each
// collection took two passes: a hand's end cost 6 ms more (bench/results/target.txt).
// 256 entries take 768 B more of RAM; the GC heap is 384 B smaller (241,472 B).
#define MICROPY_ALLOC_GC_STACK_SIZE             (256)
