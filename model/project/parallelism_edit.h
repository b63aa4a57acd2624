#pragma once
// Editing one mesh axis of a job the way a planner expects: the mesh keeps the size of the
// job's chips, so a data-parallel axis (dp, else fsdp) gives or takes what the edited axis
// takes or gives. A user mapping names axis sizes, so it falls back to automatic.
#include "project/job.h"

#include <cstdint>
#include <string_view>

namespace podplanner::model {

// The axes a user edits by name: dp fsdp tp pp ep cp microbatches virtual_stages.
bool isEditableMeshAxis(std::string_view axis);
int meshAxisValue(const ParallelismSpec& p, std::string_view axis);

// Sets `axis` to `value` (>= 1). When dp or fsdp can absorb the change exactly, it does; otherwise
// the mesh is left different from the chips and the engine says so. Returns whether the mesh still
// matches the chips.
bool setMeshAxis(ParallelismSpec& p, std::string_view axis, int value, std::int64_t chips);

// Sets `axis` to `value` (>= 1) and nothing else (a whole layout is being applied).
void setAxisExactly(ParallelismSpec& p, std::string_view axis, int value);

} // namespace podplanner::model
