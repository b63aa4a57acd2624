#pragma once
// Where the scene puts things, in scene units (1 unit = 1 cm), shared by the files that build,
// select and pick the scene's boxes.

namespace podplanner::views::scene_layout {

// Racks 60 cm wide and deep, 2 m tall, on a grid.
inline constexpr float kRackPitchX = 80, kRackPitchZ = 160, kRackWidth = 60, kRackHeight = 200;
// Chips in the logical view.
inline constexpr float kChipPitch = 60, kChipSize = 24;

} // namespace podplanner::views::scene_layout
