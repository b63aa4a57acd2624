// `pack`: several jobs on one pod's cubes (docs/sizing.md, "Packing").
#include "cli.h"

#include "core/json_reader.h"
#include "project/placement.h"
#include "project/project_io.h"
#include "sizing/packing.h"

#include <charconv>
#include <ostream>

namespace podplanner::app {

namespace {

// "NAME=NUMBER" for a job of the project; returns its index and sets `value`.
std::size_t jobValue(const model::Project& project, const std::string& option,
                     const std::string& text, std::int64_t& value) {
    const auto eq = text.rfind('=');
    const char* begin = eq == std::string::npos ? nullptr : text.data() + eq + 1;
    const char* end = text.data() + text.size();
    const bool number = begin && std::from_chars(begin, end, value).ptr == end && value >= 0;
    if (!number)
        throw UsageError{option + " expects JOB=NUMBER, got \"" + text + "\""};
    const std::string name = text.substr(0, eq);
    for (std::size_t j = 0; j < project.jobs.size(); ++j)
        if (project.jobs[j].name == name)
            return j;
    throw UsageError{option + ": no job named \"" + name + "\" in the project"};
}

} // namespace

int runPack(const PackCliRequest& r, const model::LoadLimits& limits, std::ostream& out) {
    const model::Project project = model::loadProjectFile(r.project, limits);
    model::sizing::PackRequest request;
    request.pod = r.pod;
    request.sharedSpares = r.sharedSpares;
    const auto placements = model::placeJobs(project);
    for (std::size_t j = 0; j < project.jobs.size(); ++j)
        if (placements[j].slices.size() == 1 && placements[j].slices[0].pod == r.pod)
            request.jobs.push_back({j, static_cast<int>(j), placements[j].chips(), 0});
    auto find = [&](std::size_t job) -> model::sizing::PackJob& {
        for (auto& p : request.jobs)
            if (p.job == job)
                return p;
        throw UsageError{"job \"" + project.jobs[job].name + "\" is not on pod " +
                         std::to_string(r.pod)};
    };
    std::int64_t value = 0;
    for (const auto& t : r.priorities)
        find(jobValue(project, "--priority", t, value)).priority = static_cast<int>(value);
    for (const auto& t : r.wants)
        find(jobValue(project, "--chips", t, value)).chips = value;
    for (const auto& t : r.minimums)
        find(jobValue(project, "--min", t, value)).minChips = value;
    const auto result = model::sizing::packJobs(project, request);
    out << (r.json ? model::sizing::packJson(result) : model::sizing::packText(result));
    if (!r.output.empty()) {
        model::saveProjectFile(result.packed, r.output);
        if (!r.json)
            out << "wrote " << r.output << "\n";
    }
    return kExitOk;
}

} // namespace podplanner::app
