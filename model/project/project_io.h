#pragma once
// Loading, validating and saving project files (docs/format.md). Errors are InputError with the
// file name, a JSON pointer, what was expected and what was found.
#include "core/load_limits.h"
#include "project/project.h"

#include <string>

namespace podplanner::model {

// Parses and validates project text. Throws InputError.
Project readProject(const std::string& text, const LoadLimits& limits = {});
// Reads a file and parses it; errors carry the file name. Throws InputError.
Project loadProjectFile(const std::string& path, const LoadLimits& limits = {});

// What a job's parallelism must meet against its model (tp dividing the heads, ep the
// experts, pp x virtual stages within the layers...), with `at` the job's JSON pointer, so
// that an edit in the window is held to what a file must meet. Throws InputError.
void checkJobAgainstModel(const Job& job, const std::string& at);

// The canonical text of a project: save -> load -> save gives the same bytes.
std::string writeProject(const Project& project);
// Writes atomically (temporary file in the same folder, flushed, then renamed over the target),
// so a crash or a full disk leaves the old file intact. Throws std::runtime_error.
void saveProjectFile(const Project& project, const std::string& path);

} // namespace podplanner::model
