#pragma once
// Whether a new size for one job fits in what the other jobs leave free, said in the user's
// terms: "16x16x32 needs 128 cubes; 40 are free in pod 0 (dense-70b holds 64, ...)" rather
// than a pointer into the file (issue 17 item 4).
#include "project/project.h"

#include <string>

namespace podplanner::model {

// Empty when `job` resized to `shapeOrNodes` (a topology string on TPU pods, a node count on
// GPU clusters) fits in the cubes, chips or nodes the other jobs leave free in each of its pods;
// else the sentence above. Other faults of the shape are left to the placement's own message.
std::string sliceShortfall(const Project& project, int job, const std::string& shapeOrNodes);

} // namespace podplanner::model
