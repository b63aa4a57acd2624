// `podplanner sweep PROJECT --param POINTER=LO:HI:STEP ... [--shard I/N] --csv`
#include "cli.h"

#include "core/json_reader.h"
#include "project/project_io.h"
#include "sweep/sweep.h"

#include <iostream>
#include <ostream>

namespace podplanner::app {

int runSweep(const SweepRequest& request, const model::LoadLimits& limits, std::ostream& out,
             std::ostream& err) {
    const model::Project project = model::loadProjectFile(request.project, limits);
    std::vector<model::sweep::SweepParam> params;
    for (std::size_t i = 0; i < request.params.size(); ++i) {
        std::string why;
        const auto p = model::sweep::parseSweepParam(request.params[i], &why);
        if (!p)
            model::throwInputError("--param " + request.params[i], why, request.params[i]);
        params.push_back(*p);
    }
    model::sweep::SweepOptions options;
    if (!request.shard.empty()) {
        std::string why;
        const auto shard = model::sweep::parseShard(request.shard, &why);
        if (!shard)
            model::throwInputError("--shard", why, request.shard);
        options.shard = *shard;
    }
    // Progress on stderr about every 2%, so that a scheduler's log shows the shard moving.
    options.progress = [&err](std::int64_t done, std::int64_t total) {
        const std::int64_t every = std::max<std::int64_t>(1, total / 50);
        if (done % every == 0 || done == total)
            err << "sweep: " << done << "/" << total << " points\n";
    };
    model::sweep::runSweep(project, params, options, out);
    return kExitOk;
}

} // namespace podplanner::app
