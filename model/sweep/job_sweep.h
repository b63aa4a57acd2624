#pragma once
// One knob of one job swept over values, each point timed with both engines: the questions a
// planner asks of a plan — how many hot spares, how often to checkpoint, which slice size — as
// goodput-adjusted throughput (tokens/s x goodput, docs/sweeps.md "In the window").
#include "project/project.h"

#include <cstddef>
#include <string>
#include <vector>

namespace podplanner::model::sweep {

enum class JobKnob { HotSpares, CheckpointMinutes, SliceSize };

struct KnobPoint {
    double value = 0;
    std::string label; // "2 spares", "30 min", "8x8x16 (16 cubes)", "32 nodes"
    double tokensPerS = 0, goodput = 0;
    double adjusted = 0; // tokens/s x goodput: useful tokens per second of wall time
    double days = 0;     // time to train, interruptions included
    std::string error;   // why this point has no numbers (it does not fit, cannot split, ...)
};

// The values a sweep of `knob` tries for `job` by default: 0-8 spares; 5 min to 4 h; a quarter
// to four times the job's slice (whole cubes on TPU pods, nodes on GPU clusters), within the pod.
std::vector<double> defaultKnobValues(const Project& project, std::size_t job, JobKnob knob);

// The job with `knob` at `value` (a slice size rescales fsdp, else dp, to the new chips).
KnobPoint evaluateKnob(const Project& project, std::size_t job, JobKnob knob, double value);

// The first point within 0.1% of the highest goodput-adjusted throughput: more spares or a
// bigger slice that buy nothing measurable are not "best". -1 when no point has numbers.
int bestKnobPoint(const std::vector<KnobPoint>& points);

} // namespace podplanner::model::sweep
