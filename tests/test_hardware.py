"""hardware/pinmap.md and the Wokwi hardware/diagram.json agree with the firmware's one pin
map, firmware/boards/pins.py."""

import importlib.util
import json
import re
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
HARDWARE = ROOT / "hardware"

# Wokwi's pi-pico ground pins, by header pin.
WOKWI_GND = {"GND.1": 3, "GND.2": 8, "GND.3": 13, "GND.4": 18, "GND.5": 23, "GND.6": 28,
             "GND.7": 33, "GND.8": 38}  # fmt: skip


def load_pins() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "pins", ROOT / "firmware" / "boards" / "pins.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PINS = load_pins()


def signals() -> dict[str, int]:
    """Signal name as written in pinmap.md -> GPIO, from the firmware."""
    wanted = {"OLED SDA": PINS.OLED_SDA, "OLED SCL": PINS.OLED_SCL}
    for name, gpio in PINS.BUTTONS:
        wanted["Button " + name] = gpio
    if PINS.BUZZER is not None:
        wanted["Buzzer"] = PINS.BUZZER
    if PINS.ENCODER_A is not None:
        wanted["Encoder A"] = PINS.ENCODER_A
        wanted["Encoder B"] = PINS.ENCODER_B
        wanted["Encoder SW"] = PINS.ENCODER_SW
    for i, gpio in enumerate(PINS.KEYPAD_ROWS):
        wanted[f"Keypad R{i + 1}"] = gpio
    for i, gpio in enumerate(PINS.KEYPAD_COLS):
        wanted[f"Keypad C{i + 1}"] = gpio
    return wanted


def pinmap_rows() -> dict[str, tuple[str, str]]:
    """Signal -> (GPIO cell, header pin cell) from the first table of pinmap.md."""
    rows = {}
    for line in (HARDWARE / "pinmap.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"GP\d+", cells[1]):
            assert cells[0] not in rows, "signal listed twice: " + cells[0]
            rows[cells[0]] = (cells[1], cells[2])
    return rows


def test_pin_map_is_self_consistent() -> None:
    gpios = list(signals().values())
    assert len(gpios) == len(set(gpios)), "a GPIO is used twice"
    # I2C0 can use GP4/GP5 (also 0/1, 8/9, 12/13, 16/17, 20/21): SDA is the even pin of a pair.
    assert PINS.OLED_I2C_ID == 0 and PINS.OLED_SDA % 4 == 0 and PINS.OLED_SCL == PINS.OLED_SDA + 1
    assert PINS.OLED_FREQ == 400_000 and PINS.OLED_ADDR == 0x3C
    # Nothing on the pins the board uses internally (GP23-25, GP29) or the debug UART.
    assert not set(gpios) & {0, 1, 23, 24, 25, 29}
    assert all(g in PINS.HEADER_PIN for g in gpios)


def test_pinmap_table_matches_the_firmware() -> None:
    rows = pinmap_rows()
    want = signals()
    assert set(rows) == set(want), (sorted(rows), sorted(want))
    for name, gpio in want.items():
        assert rows[name] == (f"GP{gpio}", str(PINS.HEADER_PIN[gpio])), name


def nets() -> tuple[dict, dict[str, set[str]]]:
    """The parsed diagram and, per pin 'part:pin', the set of pins wired to it (transitively)."""
    diagram = json.loads((HARDWARE / "diagram.json").read_text())
    links = defaultdict(set)
    for a, b, *_ in diagram["connections"]:
        links[a].add(b)
        links[b].add(a)
    net_of = {}
    for start in list(links):
        if start in net_of:
            continue
        net, todo = {start}, [start]
        while todo:
            for other in links[todo.pop()]:
                if other not in net:
                    net.add(other)
                    todo.append(other)
        for pin in net:
            net_of[pin] = net
    return diagram, net_of


def pico_pins(net: set[str]) -> set[str]:
    return {p.split(":", 1)[1] for p in net if p.startswith("pico:")}


def test_wokwi_diagram_uses_the_required_parts() -> None:
    diagram, _ = nets()
    types = defaultdict(list)
    for part in diagram["parts"]:
        types[part["type"]].append(part["id"])
    assert types["wokwi-pi-pico"] == ["pico"]
    assert len(types["board-ssd1306"]) == 1
    assert len(types["wokwi-pushbutton"]) == len(PINS.BUTTONS)
    assert (
        diagram["parts"][[p["type"] for p in diagram["parts"]].index("board-ssd1306")]["attrs"][
            "i2cAddress"
        ]
        == f"0x{PINS.OLED_ADDR:02x}"
    )


def test_wokwi_oled_wiring_matches_the_firmware() -> None:
    _, net_of = nets()
    assert pico_pins(net_of["oled:SDA"]) == {f"GP{PINS.OLED_SDA}"}
    assert pico_pins(net_of["oled:SCL"]) == {f"GP{PINS.OLED_SCL}"}
    assert pico_pins(net_of["oled:VCC"]) == {"3V3"}  # not VBUS/VSYS: pull-ups go to VCC
    assert pico_pins(net_of["oled:GND"]) <= set(WOKWI_GND) and pico_pins(net_of["oled:GND"])


@pytest.mark.parametrize("name,gpio", PINS.BUTTONS)
def test_wokwi_button_wiring_matches_the_firmware(name: str, gpio: int) -> None:
    _, net_of = nets()
    part = "btn" + name
    # A 4-leg switch: 1.l/1.r are one contact, 2.l/2.r the other.
    side1 = set().union(*(net_of.get(f"{part}:1.{s}", set()) for s in "lr"))
    side2 = set().union(*(net_of.get(f"{part}:2.{s}", set()) for s in "lr"))
    assert pico_pins(side1) == {f"GP{gpio}"}, (name, side1)
    gnd = pico_pins(side2)
    assert gnd and gnd <= set(WOKWI_GND), (name, side2)
    assert not side1 & side2, name + " is shorted"


def test_wokwi_buzzer_wiring_matches_the_firmware() -> None:
    _, net_of = nets()
    if PINS.BUZZER is None:
        assert "buzzer:2" not in net_of
        return
    assert pico_pins(net_of["buzzer:2"]) == {f"GP{PINS.BUZZER}"}
    assert pico_pins(net_of["buzzer:1"]) <= set(WOKWI_GND) and pico_pins(net_of["buzzer:1"])


def test_wokwi_encoder_wiring_matches_the_firmware() -> None:
    diagram, net_of = nets()
    parts = [p for p in diagram["parts"] if p["type"] == "wokwi-ky-040"]
    if PINS.ENCODER_A is None:
        assert not parts
        return
    assert [p["id"] for p in parts] == ["encoder"]
    # The KY-040's CLK is the A channel, DT the B channel (clockwise: CLK falls first).
    assert pico_pins(net_of["encoder:CLK"]) == {f"GP{PINS.ENCODER_A}"}
    assert pico_pins(net_of["encoder:DT"]) == {f"GP{PINS.ENCODER_B}"}
    assert pico_pins(net_of["encoder:SW"]) == {f"GP{PINS.ENCODER_SW}"}
    assert pico_pins(net_of["encoder:VCC"]) == {"3V3"}  # its pull-ups: never 5 V on a GPIO
    assert pico_pins(net_of["encoder:GND"]) <= set(WOKWI_GND) and pico_pins(net_of["encoder:GND"])


def test_the_encoder_sits_beside_its_ground_pin() -> None:
    if PINS.ENCODER_A is None:
        return
    header = [PINS.HEADER_PIN[g] for g in (PINS.ENCODER_A, PINS.ENCODER_B, PINS.ENCODER_SW)]
    _, net_of = nets()
    gnd = {WOKWI_GND[p] for p in pico_pins(net_of["encoder:GND"])}
    assert all(abs(h - g) <= 2 for h in header for g in gnd), (header, gnd)
    assert PINS.ENCODER_SWITCH not in dict(PINS.BUTTONS)  # its own name: OK stays a button


def test_wokwi_keypad_wiring_matches_the_firmware() -> None:
    diagram, net_of = nets()
    parts = [p for p in diagram["parts"] if p["type"] == "wokwi-membrane-keypad"]
    assert [p["id"] for p in parts] == ["keypad"]
    for i, gpio in enumerate(PINS.KEYPAD_ROWS):
        assert pico_pins(net_of[f"keypad:R{i + 1}"]) == {f"GP{gpio}"}
    for i, gpio in enumerate(PINS.KEYPAD_COLS):
        assert pico_pins(net_of[f"keypad:C{i + 1}"]) == {f"GP{gpio}"}


def test_the_keypad_takes_only_pins_the_others_leave_free() -> None:
    taken = [PINS.OLED_SDA, PINS.OLED_SCL, PINS.BUZZER, PINS.ENCODER_A, PINS.ENCODER_B,
             PINS.ENCODER_SW] + [g for _n, g in PINS.BUTTONS]  # fmt: skip
    pad = list(PINS.KEYPAD_ROWS) + list(PINS.KEYPAD_COLS)
    assert len(set(pad)) == 8 and not set(pad) & set(taken)
    assert not set(pad) & {0, 1, 23, 24, 25, 26, 27, 28, 29}  # the UART, the board's, the ADC
    assert len(PINS.KEYPAD_KEYS) == len(PINS.KEYPAD_ROWS)
    assert all(len(r) == len(PINS.KEYPAD_COLS) for r in PINS.KEYPAD_KEYS)
    legends = "".join(PINS.KEYPAD_KEYS)
    assert set("0123456789*#") <= set(legends)
    for legend, acts in PINS.KEYPAD_AS.items():  # what a key that is no digit does
        assert legend in legends and acts in ("OK", "BACK", "UP", "DOWN", "UNDO")
    assert not set(legends) & (set(dict(PINS.BUTTONS)) | {PINS.ENCODER_SWITCH})  # names apart


def test_no_gpio_is_wired_to_two_functions_in_the_diagram() -> None:
    _, net_of = nets()
    seen = {}
    for pin, net in net_of.items():
        if pin.startswith("pico:GP"):
            others = frozenset(p for p in net if not p.startswith("pico:"))
            assert seen.setdefault(pin, others) == others
            assert len(pico_pins(net)) == 1, ("GPIOs shorted together", net)


def test_readme_wiring_text_names_the_same_gpios() -> None:
    text = (HARDWARE / "README.md").read_text()
    for name, gpio in PINS.BUTTONS:
        assert re.search(rf"\[{name}\s*\]─ GP{gpio} {PINS.HEADER_PIN[gpio]} ", text), name
    if PINS.ENCODER_A is not None:
        assert f"GP{PINS.ENCODER_A} ── encoder A (CLK)" in text
        assert f"GP{PINS.ENCODER_B} ── encoder B (DT)" in text
        assert f"GP{PINS.ENCODER_SW} ── encoder SW" in text
    for i, gpio in enumerate(PINS.KEYPAD_ROWS):
        assert f"keypad R{i + 1} ── GP{gpio} " in text
    for i, gpio in enumerate(PINS.KEYPAD_COLS):
        assert f"GP{gpio} ── keypad C{i + 1}" in text
    assert f"OLED SDA ── GP{PINS.OLED_SDA} " in text
    assert f"OLED SCL ── GP{PINS.OLED_SCL} " in text


def svg_wiring() -> tuple[dict[int, tuple[float, float]], list[tuple[list, dict]], list[str]]:
    """From wiring.svg: each Pico header pin's pad centre (the circle before its "12 GP9" or
    "GP16 21" label), every wire (its points and attributes) and every text."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(HARDWARE / "wiring.svg").getroot()
    pads: dict[int, tuple[float, float]] = {}
    wires: list[tuple[list, dict]] = []
    texts: list[str] = []
    last_circle = None
    for el in root.iter():
        if el.tag == ns + "circle":
            last_circle = (float(el.get("cx", 0)), float(el.get("cy", 0)))
        elif el.tag == ns + "text":
            label = "".join(el.itertext())
            texts.append(label)
            m = re.fullmatch(r"(\d+) \S+|\S+ (\d+)", label)
            if m and last_circle and last_circle[0] in (330, 530):  # the Pico's two headers
                pads[int(m.group(1) or m.group(2))] = last_circle
        elif el.tag == ns + "polyline":
            xy = [float(v) for v in el.get("points", "").replace(",", " ").split()]
            wires.append((list(zip(xy[::2], xy[1::2], strict=True)), el.attrib))
    return pads, wires, texts


def test_wiring_svg_wires_every_signal_of_the_pin_map() -> None:
    pads, wires, texts = svg_wiring()
    ends = {p: attrs for points, attrs in wires for p in (points[0], points[-1])}
    for name, gpio in signals().items():
        pad = pads[PINS.HEADER_PIN[gpio]]
        assert pad in ends, f"{name} (GP{gpio}, pin {PINS.HEADER_PIN[gpio]}) has no wire"
        if name.startswith(("Encoder", "Keypad")):  # drawn dashed: the knob is optional
            assert "stroke-dasharray" in ends[pad], name
    if PINS.ENCODER_A is not None:
        assert any("KY-040" in t and "optional" in t for t in texts), texts
        for pin in ("CLK", "DT", "SW", "GND", "+"):
            assert any(t.split(" ")[0] == pin for t in texts), pin


def test_the_flash_map_is_one_map() -> None:
    """The event ring's size and place are written in five files (the board's C header, the
    frozen _boot.py that mounts littlefs after it, the board that finds it, the build's check
    that the firmware ends before it, and the simulated board's ring): they must agree, and
    littlefs must stay at 0xA0000 with 1,408 KB, where every earlier firmware put it (a new
    UF2 keeps the matches)."""
    board = ROOT / "firmware" / "boards" / "DOMINOBOARD_PICO"
    header = (board / "mpconfigboard.h").read_text()
    ring = re.search(r"#define DOMINOBOARD_RING_BYTES\s+\((\d+) \* 1024\)", header)
    storage = re.search(r"#define MICROPY_HW_FLASH_STORAGE_BYTES\s+\((\d+) \* 1024 \+", header)
    assert ring and storage, "mpconfigboard.h: the ring and storage sizes"
    ring_bytes, littlefs = int(ring[1]) * 1024, int(storage[1]) * 1024
    boot = re.search(r"^RING = (\d+) \* 1024", (board / "_boot.py").read_text(), re.M)
    assert boot and int(boot[1]) * 1024 == ring_bytes
    pico = (ROOT / "firmware" / "boards" / "pico.py").read_text()
    told = re.search(r"^RING = (\d+) \* 1024", pico, re.M)
    assert told and int(told[1]) * 1024 == ring_bytes  # the board's ring, without statvfs
    size = re.search(r"^LITTLEFS = (\d+) \* 1024", pico, re.M)
    assert size and int(size[1]) * 1024 == littlefs  # the region's size tells the firmware
    build = (ROOT / "tools" / "build_firmware.py").read_text()
    start = re.search(r"^RING_START = (0x[0-9A-Fa-f]+)", build, re.M)
    flash = 2 * 1024 * 1024
    assert start and int(start[1], 16) == flash - littlefs - ring_bytes
    assert flash - littlefs == 0xA0000 and littlefs == 1408 * 1024
    sim_flash = (ROOT / "firmware" / "boards" / "sim_flash.py").read_text()
    sim = re.search(r"^RING_SECTORS = (\d+)", sim_flash, re.M)
    assert sim and int(sim[1]) * 4096 == ring_bytes
