#pragma once
// Where the scene puts things, in scene units (1 unit = 1 cm), and the colours of what is not a
// chip, shared by the files that build, select and pick the scene's boxes.
#include "chip_coloring.h"

#include <QColor>

namespace podplanner::views::scene_layout {

// Racks 60 cm wide and deep, 2 m tall, on a grid.
inline constexpr float kRackPitchX = 80, kRackPitchZ = 160, kRackWidth = 60, kRackHeight = 200;
// The red plate under a rack with a chip down: wider than the rack by most of the aisle on
// each side (20 cm between racks across a row, 100 cm between rows), 2 cm thick.
inline constexpr float kFailedPlateWidth = kRackWidth + 16, kFailedPlateDepth = kRackWidth + 60,
                       kFailedPlateHeight = 2;
// Lines on the floor (power-row outlines, the bottom of a selected rack's frame) run just above
// such a plate, so that it never hides them.
inline constexpr float kFloorLineHeight = kFailedPlateHeight + 1;
static_assert(kFloorLineHeight > kFailedPlateHeight, "floor lines run above a failed plate");
// Chips in the logical view.
inline constexpr float kChipPitch = 60, kChipSize = 24;
// Links drawn as crossed strips this wide (docs/scene.md): in the logical view, between chips
// 24 wide; up close in the physical view, between chips 10 wide.
inline constexpr float kLogicalLinkWidth = 3, kPhysicalLinkWidth = 1.5;

// Level of detail: chips show when the camera is within 15 m of the floor point it looks at
// (a chip is then ~6 px tall at 800 px), for at most 4,096 chips of the racks nearest that
// point (measured under Xvfb + llvmpipe, docs/scene.md: every Ironwood chip draws at ~40 fps,
// a 110k-chip floor chip by chip at ~7, so a large floor shows chips only where one looks).
// On a small floor, nearer than 0.4 of the scene's size: a view of the whole floor (Fit all,
// the presets) stays racks.
inline constexpr float kDetailDistance = 1500;
inline constexpr float kDetailShareOfExtent = 0.4f;
inline constexpr int kMaxDetailChips = 4096;

// References, not copies: read only once the program runs, never while statics are made.
inline const QColor& kOcs = ChipColoring::kOcs;
inline const QColor& kArc = ChipColoring::kWraparound;
inline const QColor kLink{"#5f6368"}, kPowerRow{"#3c4043"}, kOptical{"#b39ddb"};

} // namespace podplanner::views::scene_layout
