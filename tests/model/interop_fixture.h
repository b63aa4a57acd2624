#pragma once
// Shared by the interop tests: bundled examples, and one with its jobs removed to import into.
#include "core/atomic_file.h"
#include "core/input_error.h"
#include "project/project_io.h"

#include <functional>
#include <string>
#include <vector>

namespace interop_test {

inline std::string sourcePath(const std::string& relative) {
    return std::string(PODPLANNER_SOURCE_DIR) + "/" + relative;
}

inline podplanner::model::Project example(const std::string& name) {
    return podplanner::model::loadProjectFile(
        sourcePath("resources/examples/" + name + ".podplanner"));
}

inline podplanner::model::Project emptied(const std::string& name) {
    auto p = example(name);
    p.jobs.clear();
    return p;
}

// The job as a project file writes it, for exact comparison.
inline std::string jobText(const podplanner::model::Project& project, std::size_t index) {
    podplanner::model::Project alone = project;
    alone.jobs = {project.jobs.at(index)};
    return podplanner::model::writeProject(alone);
}

// The export without its "# podplanner-job:" line: what the flags alone say.
inline std::string withoutExtras(const std::string& text) {
    const std::size_t at = text.find("# podplanner-job:");
    if (at == std::string::npos)
        return text;
    return text.substr(0, at) + text.substr(text.find('\n', at) + 1);
}

// Whether any of `notes` says `text`.
inline bool anyNoteSays(const std::vector<std::string>& notes, const std::string& text) {
    for (const auto& n : notes)
        if (n.find(text) != std::string::npos)
            return true;
    return false;
}

// The message of the InputError `f` throws, or "no error".
inline std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const podplanner::model::InputError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace interop_test
