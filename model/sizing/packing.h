#pragma once
// Several jobs on one TPU pod (docs/sizing.md, "Packing"): in priority order each job gets the
// largest slice it asked for that still leaves the jobs after it their minimum, shaped as
// nearly cubic as the cube count allows, on the cubes of as few power rows as possible (a
// power row down takes every job on it); shared spare cubes are kept free in power rows of
// their own where there are any. Each job is then planned on its slice, and timed alone and
// packed: what it loses to sharing the pod's DCN uplinks, the WAN and the spares.
#include "project/project.h"

#include <cstdint>
#include <string>
#include <vector>

namespace podplanner::model::sizing {

struct PackJob {
    std::size_t job = 0;       // index into the project's jobs
    int priority = 0;          // lower goes first; ties in file order
    std::int64_t chips = 0;    // wanted (0: its current placement's)
    std::int64_t minChips = 0; // it may shrink to this (0: it may not shrink)
};

struct PackRequest {
    int pod = 0;
    std::vector<PackJob> jobs; // empty: every job of the project, as placed now
    int sharedSpares = 1;      // cubes left free for any job to swap in
};

struct PackedJob {
    std::string name;
    std::string shape;
    bool twisted = false;
    std::vector<int> cubes;
    std::vector<int> powerRows;
    std::int64_t chips = 0;
    std::int64_t wantedChips = 0;
    std::string why; // shrunk, or not placed, and why
    bool placed = false;
    double stepAloneS = 0, stepPackedS = 0;
    double goodputAlone = 0, goodputPacked = 0;
    double daysAlone = 0, daysPacked = 0;
    double dcnShare = 1, wanShare = 1; // of the links it would have alone
    int sparesAlone = 0, sparesPacked = 0;
    std::string loss; // what sharing costs it, in words
};

struct PackResult {
    Project packed; // the jobs on their slices, planned
    std::vector<PackedJob> jobs;
    std::vector<int> freeCubes;  // of the pod, after packing (shared spares included)
    std::vector<int> spareCubes; // of those, the ones kept as shared spares
    int largestFreeSliceCubes = 0;
    std::string largestFreeSlice; // the largest slice the free cubes still form, "8x8x12"
    std::vector<std::pair<int, int>> freeByPowerRow; // power row, free cubes
};

// Throws InputError when the pod is not a tpu-3d pod or a job cannot get its minimum.
PackResult packJobs(const Project& project, const PackRequest& request);

std::string packText(const PackResult& result);
std::string packJson(const PackResult& result);

} // namespace podplanner::model::sizing
