#include "sizing/packing.h"

#include "cluster/floor_layout.h"
#include "core/json_reader.h"
#include "core/text_format.h"
#include "perf/planner.h"
#include "project/placement.h"
#include "sizing/job_outlook.h"
#include "sizing/placement_options.h"
#include "topology/slice_shape.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace podplanner::model::sizing {

namespace {

std::string shapeOf(const PodSpec& pod, int cubes) {
    return SliceShape{mostCubicShape(pod, cubes)}.text();
}

class Packer {
  public:
    Packer(const Project& project, const PackRequest& request)
        : project_(project), request_(request), pod_(project.cluster.pod),
          floor_(buildFloorLayout(project.cluster)) {}

    PackResult run() {
        if (pod_.kind != PodKind::Tpu3d)
            throwInputError("/cluster/pod/kind", "a tpu-3d pod (packing places jobs on cubes)",
                            podKindName(pod_.kind));
        if (request_.pod < 0 || request_.pod >= project_.cluster.podCount())
            throwInputError("--pod",
                            "a pod from 0 to " + std::to_string(project_.cluster.podCount() - 1),
                            std::to_string(request_.pod));
        const auto placements = placeJobs(project_);
        std::vector<PackJob> jobs = request_.jobs.empty() ? jobsOnPod(placements) : request_.jobs;
        std::stable_sort(jobs.begin(), jobs.end(),
                         [](const auto& a, const auto& b) { return a.priority < b.priority; });
        for (auto& j : jobs)
            if (j.chips <= 0)
                j.chips = placements.at(j.job).chips();
        freeCubesBeside(placements, jobs);
        result_.packed = project_;
        int laterMin = 0;
        for (const auto& j : jobs)
            laterMin += cubesFor(j.minChips > 0 ? j.minChips : j.chips);
        for (const auto& j : jobs) {
            laterMin -= cubesFor(j.minChips > 0 ? j.minChips : j.chips);
            place(j, laterMin);
        }
        keepSpares();
        measure();
        return std::move(result_);
    }

  private:
    int cubesFor(std::int64_t chips) const {
        return static_cast<int>((chips + pod_.chipsPerCube() - 1) / pod_.chipsPerCube());
    }
    int rowOf(int cube) const { return floor_.chipRack(request_.pod, cube).powerRow; }

    std::vector<PackJob> jobsOnPod(const std::vector<JobPlacement>& placements) const {
        std::vector<PackJob> out;
        for (std::size_t j = 0; j < project_.jobs.size(); ++j)
            if (placements[j].slices.size() == 1 && placements[j].slices[0].pod == request_.pod)
                out.push_back({j, static_cast<int>(j), placements[j].chips(), 0});
        return out;
    }

    // The pod's cubes that jobs not being packed leave free.
    void freeCubesBeside(const std::vector<JobPlacement>& placements,
                         const std::vector<PackJob>& jobs) {
        std::set<int> taken;
        for (std::size_t j = 0; j < placements.size(); ++j) {
            const bool packed =
                std::any_of(jobs.begin(), jobs.end(), [&](const PackJob& p) { return p.job == j; });
            if (packed)
                continue;
            for (const auto& s : placements[j].slices)
                if (s.pod == request_.pod)
                    taken.insert(s.cubes.begin(), s.cubes.end());
            taken.insert(placements[j].spareCubes.begin(), placements[j].spareCubes.end());
        }
        for (int c = 0; c < pod_.cubes; ++c)
            if (!taken.count(c))
                free_.insert(c);
    }

    // Best fit in one power row when a row has room, else the fullest rows first.
    std::vector<int> chooseCubes(int count) const {
        std::map<int, std::vector<int>> byRow;
        for (int c : free_)
            byRow[rowOf(c)].push_back(c);
        const std::vector<int>* fit = nullptr;
        for (const auto& [row, cubes] : byRow)
            if (static_cast<int>(cubes.size()) >= count && (!fit || cubes.size() < fit->size()))
                fit = &cubes;
        if (fit)
            return {fit->begin(), fit->begin() + count};
        std::vector<const std::vector<int>*> rows;
        for (const auto& [row, cubes] : byRow)
            rows.push_back(&cubes);
        std::stable_sort(rows.begin(), rows.end(),
                         [](const auto* a, const auto* b) { return a->size() > b->size(); });
        std::vector<int> out;
        for (const auto* cubes : rows)
            for (int c : *cubes)
                if (static_cast<int>(out.size()) < count)
                    out.push_back(c);
        std::sort(out.begin(), out.end());
        return out;
    }

    void place(const PackJob& want, int laterMin) {
        Job& job = result_.packed.jobs.at(want.job);
        PackedJob packed;
        packed.name = job.name;
        packed.wantedChips = want.chips;
        const int wanted = cubesFor(want.chips);
        const int least = want.minChips > 0 ? cubesFor(want.minChips) : wanted;
        const int room = static_cast<int>(free_.size()) - request_.sharedSpares - laterMin;
        const int most = std::min({wanted, room, pod_.maxSliceCubes});
        for (int cubes = most; cubes >= least && !packed.placed; --cubes) {
            Job trial = job;
            trial.placement.pods = {request_.pod};
            trial.placement.shape = shapeOf(pod_, cubes);
            trial.placement.twisted =
                job.placement.twisted &&
                formSlice(pod_, project_.cluster.chip, *parseTopology(trial.placement.shape), true)
                    .has_value();
            trial.placement.cubes = chooseCubes(cubes);
            trial.reliability.hotSpareCubes = 0;
            trial.reliability.spareCubes.clear();
            if (!planInto(trial))
                continue;
            job = trial;
            packed.placed = true;
            packed.shape = trial.placement.shape;
            packed.twisted = trial.placement.twisted;
            packed.cubes = *trial.placement.cubes;
            packed.chips = static_cast<std::int64_t>(cubes) * pod_.chipsPerCube();
            for (int c : packed.cubes) {
                free_.erase(c);
                if (std::find(packed.powerRows.begin(), packed.powerRows.end(), rowOf(c)) ==
                    packed.powerRows.end())
                    packed.powerRows.push_back(rowOf(c));
            }
            if (cubes < wanted)
                packed.why = "shrunk from " + std::to_string(wanted) + " to " +
                             std::to_string(cubes) + " cubes: the jobs before it and " +
                             std::to_string(request_.sharedSpares) +
                             " shared spares leave no more" +
                             (laterMin > 0 ? ", and the jobs after it need their minimum" : "");
        }
        if (!packed.placed)
            throwInputError("/jobs/" + std::to_string(want.job) + "/placement",
                            "room for at least " + std::to_string(least) + " cubes of " + job.name +
                                " with a layout that runs on them",
                            std::to_string(std::max(0, room)) + " cubes left");
        result_.jobs.push_back(std::move(packed));
    }

    // The job's best layout on its new slice, written into it; false when none fits.
    bool planInto(Job& job) const {
        Project alone = result_.packed;
        alone.jobs = {job};
        std::vector<JobPlacement> placements;
        try {
            placements = placeJobs(alone);
        } catch (const std::exception&) {
            return false;
        }
        perf::PlanOptions o;
        o.top = 1;
        o.allowFewerChips = false;
        o.depth = perf::SearchDepth::Quick;
        const auto plan = perf::planPlacement(job, project_.cluster, placements[0], o);
        if (plan.top.empty())
            return false;
        writeLayout(job, plan.top[0].layout);
        return true;
    }

    // Spare cubes in power rows no job uses where there are any, else the emptiest rows.
    void keepSpares() {
        std::set<int> jobRows;
        for (const auto& j : result_.jobs)
            jobRows.insert(j.powerRows.begin(), j.powerRows.end());
        std::vector<int> order(free_.begin(), free_.end());
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return !jobRows.count(rowOf(a)) && jobRows.count(rowOf(b));
        });
        std::set<int> rowsUsed;
        for (int pass = 0; pass < 2; ++pass)
            for (int c : order)
                if (static_cast<int>(result_.spareCubes.size()) < request_.sharedSpares &&
                    std::find(result_.spareCubes.begin(), result_.spareCubes.end(), c) ==
                        result_.spareCubes.end() &&
                    (pass == 1 || rowsUsed.insert(rowOf(c)).second))
                    result_.spareCubes.push_back(c);
        std::sort(result_.spareCubes.begin(), result_.spareCubes.end());
        result_.freeCubes.assign(free_.begin(), free_.end());
        std::map<int, int> rows;
        for (int c : free_)
            ++rows[rowOf(c)];
        result_.freeByPowerRow.assign(rows.begin(), rows.end());
        // With the OCS any free cubes form a slice: the largest is bounded by the count.
        const int usable =
            std::min(pod_.maxSliceCubes,
                     static_cast<int>(free_.size()) - static_cast<int>(result_.spareCubes.size()));
        result_.largestFreeSliceCubes = std::max(0, usable);
        result_.largestFreeSlice = usable > 0 ? shapeOf(pod_, usable) : "none";
    }

    // Each job alone on its slice against the packed pod: DCN and WAN shares, shared spares.
    void measure() {
        const auto packedPerf = perf::evaluateProject(result_.packed);
        const auto packedRel = reliability::evaluateReliability(result_.packed, packedPerf);
        for (std::size_t j = 0; j < result_.packed.jobs.size(); ++j) {
            auto it =
                std::find_if(result_.jobs.begin(), result_.jobs.end(), [&](const PackedJob& p) {
                    return p.name == result_.packed.jobs[j].name;
                });
            if (it == result_.jobs.end())
                continue;
            PackedJob& p = *it;
            Project alone = result_.packed;
            alone.jobs = {result_.packed.jobs[j]};
            const auto a = outlookOf(alone, 0);
            p.stepPackedS = packedPerf.jobs[j].step.stepS;
            p.goodputPacked = packedRel[j].goodput.expected;
            p.daysPacked = packedRel[j].goodput.timeToTrainDays;
            p.sparesPacked = packedRel[j].exposure.spares;
            p.dcnShare = packedPerf.jobs[j].shares.dcn;
            p.wanShare = packedPerf.jobs[j].shares.wan;
            if (a) {
                p.stepAloneS = a->performance.step.stepS;
                p.goodputAlone = a->reliability.goodput.expected;
                p.daysAlone = a->trainDays();
                p.sparesAlone = a->reliability.exposure.spares;
            }
            p.loss = lossText(p);
        }
    }

    static std::string lossText(const PackedJob& p) {
        std::vector<std::string> parts;
        if (p.dcnShare < 1)
            parts.push_back(formatNumber("%.0f%% of its DCN uplinks", 100 * p.dcnShare));
        if (p.wanShare < 1)
            parts.push_back(formatNumber("%.0f%% of the WAN", 100 * p.wanShare));
        if (p.stepAloneS > 0 && p.stepPackedS > p.stepAloneS * 1.0005)
            parts.push_back(formatNumber("step +%.1f%%", 100 * (p.stepPackedS / p.stepAloneS - 1)));
        if (p.sparesPacked < p.sparesAlone && p.goodputPacked < p.goodputAlone - 5e-4)
            parts.push_back(std::to_string(p.sparesPacked) + " spare cubes to share instead of " +
                            std::to_string(p.sparesAlone) +
                            formatNumber(" (goodput %.1f", 100 * p.goodputPacked) +
                            formatNumber("%% instead of %.1f%%)", 100 * p.goodputAlone));
        if (parts.empty())
            return "nothing: its links are its own (the OCS closes its slice) and it keeps the "
                   "spares it would have alone";
        std::string out;
        for (const auto& s : parts)
            out += (out.empty() ? "" : "; ") + s;
        return out + formatNumber("; %.1f days to train", p.daysPacked) +
               formatNumber(" instead of %.1f alone", p.daysAlone);
    }

    const Project& project_;
    const PackRequest& request_;
    const PodSpec& pod_;
    FloorLayout floor_;
    std::set<int> free_;
    PackResult result_;
};

std::string cubeList(const std::vector<int>& cubes) {
    // Runs as ranges: "0-15, 32, 40-47".
    std::string out;
    for (std::size_t i = 0; i < cubes.size();) {
        std::size_t k = i;
        while (k + 1 < cubes.size() && cubes[k + 1] == cubes[k] + 1)
            ++k;
        // append(), not "-" + std::to_string(): GCC 12 at -O3 warns falsely (-Wrestrict).
        out.append(out.empty() ? "" : ", ").append(std::to_string(cubes[i]));
        if (k > i)
            out.append("-").append(std::to_string(cubes[k]));
        i = k + 1;
    }
    return out.empty() ? "none" : out;
}

} // namespace

PackResult packJobs(const Project& project, const PackRequest& request) {
    return Packer(project, request).run();
}

std::string packText(const PackResult& r) {
    std::string out;
    for (const auto& j : r.jobs) {
        out += j.name + ": " + j.shape + (j.twisted ? " twisted" : "") + ", " +
               std::to_string(j.cubes.size()) + " cubes (" + cubeList(j.cubes) + "), power rows";
        for (int row : j.powerRows)
            out.append(" ").append(std::to_string(row));
        out += "\n";
        if (!j.why.empty())
            out += "  " + j.why + "\n";
        out += "  loses to sharing: " + j.loss + "\n";
    }
    out += "shared spares: " + cubeList(r.spareCubes) + "\n";
    out += "free cubes: " + std::to_string(r.freeCubes.size()) + " (" + cubeList(r.freeCubes) +
           "); largest slice still free: " + r.largestFreeSlice + " (" +
           std::to_string(r.largestFreeSliceCubes) + " cubes, spares kept)\n";
    out += "free cubes by power row:";
    for (const auto& [row, n] : r.freeByPowerRow)
        out.append(" ").append(std::to_string(row)).append(":").append(std::to_string(n));
    return out + "\n";
}

std::string packJson(const PackResult& r) {
    Json jobs = Json::array();
    for (const auto& j : r.jobs)
        jobs.push_back({{"job", j.name},
                        {"shape", j.shape},
                        {"twisted", j.twisted},
                        {"cubes", j.cubes},
                        {"chips", j.chips},
                        {"wanted_chips", j.wantedChips},
                        {"power_rows", j.powerRows},
                        {"why", j.why},
                        {"step_time_alone_s", j.stepAloneS},
                        {"step_time_packed_s", j.stepPackedS},
                        {"goodput_alone", j.goodputAlone},
                        {"goodput_packed", j.goodputPacked},
                        {"time_to_train_alone_days", j.daysAlone},
                        {"time_to_train_packed_days", j.daysPacked},
                        {"dcn_share", j.dcnShare},
                        {"wan_share", j.wanShare},
                        {"spares_alone", j.sparesAlone},
                        {"spares_packed", j.sparesPacked},
                        {"loss", j.loss}});
    Json rows = Json::array();
    for (const auto& [row, n] : r.freeByPowerRow)
        rows.push_back({{"power_row", row}, {"free_cubes", n}});
    Json out = {{"jobs", jobs},
                {"free_cubes", r.freeCubes},
                {"shared_spare_cubes", r.spareCubes},
                {"largest_free_slice", r.largestFreeSlice},
                {"largest_free_slice_cubes", r.largestFreeSliceCubes},
                {"free_by_power_row", rows}};
    return out.dump(2) + "\n";
}

} // namespace podplanner::model::sizing
