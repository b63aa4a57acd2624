#include "sweep/job_sweep.h"

#include "analysis/project_analysis.h"
#include "sizing/placement_options.h"
#include "topology/slice_shape.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace podplanner::model::sweep {

namespace {

bool tpuCubes(const Project& p) {
    return p.cluster.pod.kind == PodKind::Tpu3d;
}

// The job's size in the unit its slice is counted in: cubes (TPU 3D) or nodes (GPU).
int sizeUnits(const Project& p, const Job& job) {
    if (p.cluster.pod.kind == PodKind::GpuFatTree)
        return job.placement.nodes;
    return static_cast<int>(job.parallelism.meshSize() / p.cluster.pod.chipsPerUnit());
}

// Scales fsdp (else dp) so that the mesh covers `chips`; false when no whole number does.
bool rescaleMesh(ParallelismSpec& p, std::int64_t chips) {
    const std::int64_t old = p.meshSize();
    for (int* axis : {&p.fsdp, &p.dp})
        if ((*axis > 1 || axis == &p.dp) && (std::int64_t{*axis} * chips) % old == 0 &&
            std::int64_t{*axis} * chips / old >= 1) {
            *axis = static_cast<int>(std::int64_t{*axis} * chips / old);
            return true;
        }
    return false;
}

std::string labelOf(const Project& p, JobKnob knob, double value, const Job& job) {
    char text[96];
    switch (knob) {
    case JobKnob::HotSpares:
        std::snprintf(text, sizeof text, "%.0f spare%s", value, value == 1 ? "" : "s");
        return text;
    case JobKnob::CheckpointMinutes:
        std::snprintf(text, sizeof text, "%.0f min", value);
        return text;
    case JobKnob::SliceSize:
        if (!tpuCubes(p)) {
            std::snprintf(text, sizeof text, "%.0f nodes", value);
            return text;
        }
        return job.placement.shape + " (" + std::to_string(static_cast<int>(value)) + " cubes)";
    }
    return {};
}

} // namespace

std::vector<double> defaultKnobValues(const Project& project, std::size_t job, JobKnob knob) {
    switch (knob) {
    case JobKnob::HotSpares:
        return {0, 1, 2, 3, 4, 6, 8};
    case JobKnob::CheckpointMinutes:
        return {5, 10, 15, 30, 60, 120, 240};
    case JobKnob::SliceSize:
        break;
    }
    const PodSpec& pod = project.cluster.pod;
    const int now = std::max(1, sizeUnits(project, project.jobs.at(job)));
    const int most = tpuCubes(project) ? pod.maxSliceCubes : pod.nodes;
    std::vector<double> out;
    for (double f : {0.25, 0.5, 1.0, 2.0, 4.0}) {
        const double n = std::round(now * f);
        if (n >= 1 && n <= most && (out.empty() || n != out.back()))
            out.push_back(n);
    }
    return out;
}

KnobPoint evaluateKnob(const Project& project, std::size_t job, JobKnob knob, double value) {
    Project p = project;
    Job& j = p.jobs.at(job);
    KnobPoint point;
    point.value = value;
    switch (knob) {
    case JobKnob::HotSpares:
        j.reliability.hotSpareCubes = static_cast<int>(value);
        j.reliability.spareCubes.clear();
        break;
    case JobKnob::CheckpointMinutes:
        j.reliability.checkpoint.intervalMin = value;
        break;
    case JobKnob::SliceSize: {
        const int units = static_cast<int>(value);
        if (tpuCubes(p)) {
            j.placement.shape = SliceShape{sizing::mostCubicShape(p.cluster.pod, units)}.text();
            j.placement.cubes.reset();
        } else {
            j.placement.nodes = units;
        }
        j.parallelism.mapping.clear();
        if (!rescaleMesh(j.parallelism, std::int64_t{units} * p.cluster.pod.chipsPerUnit()))
            point.error = "the mesh does not scale to this size";
        break;
    }
    }
    point.label = labelOf(p, knob, value, j);
    if (!point.error.empty())
        return point;
    const ProjectAnalysis a = analyzeProject(p, {});
    if (!a.hasNumbers()) {
        point.error = a.error;
        return point;
    }
    const auto& step = a.performance.jobs[job].step;
    const auto& g = a.reliability[job].goodput;
    if (!step.fits) {
        point.error = "does not fit in HBM";
        return point;
    }
    point.tokensPerS = step.tokensPerS;
    point.goodput = g.expected;
    point.adjusted = step.tokensPerS * g.expected;
    point.days = g.expected > 0 ? g.timeToTrainDays : -1;
    return point;
}

int bestKnobPoint(const std::vector<KnobPoint>& points) {
    double top = 0;
    for (const KnobPoint& p : points)
        if (p.error.empty())
            top = std::max(top, p.adjusted);
    for (std::size_t i = 0; i < points.size() && top > 0; ++i)
        if (points[i].error.empty() && points[i].adjusted >= top * (1 - 1e-3))
            return static_cast<int>(i);
    return -1;
}

} // namespace podplanner::model::sweep
