#pragma once
// From a job to the flags that launch it, and back (docs/interop.md): MaxText with an xpk line
// on TPUs, Megatron-LM with torchrun on GPUs, torchtitan's TOML. An export states the mesh it
// implies and writes what the framework cannot express as comments; it also carries the
// PodPlanner-only settings (placement, mapping, reliability) on a "# podplanner-job:" line that
// import reads back, so that export -> import gives the same job.
#include "project/project.h"

#include <optional>
#include <string>
#include <vector>

namespace podplanner::model::interop {

enum class LaunchFormat { MaxText, Megatron, Torchtitan };

// "maxtext" (or "xpk"), "megatron", "torchtitan".
std::optional<LaunchFormat> launchFormatByName(const std::string& name);
const char* launchFormatName(LaunchFormat format);

// The launch config of job `index`. Throws InputError when the job cannot be written for the
// target (a GPU cluster for MaxText, a batch that does not split into whole sequences, ...).
std::string exportLaunch(const Project& project, std::size_t index, LaunchFormat format);

struct ImportOptions {
    std::string shape; // TPU slice topology ("4x4x8") when the input does not give one
    int slices = 0;    // TPU slices when the input does not say (0: from the input, else 1)
    int nodes = 0;     // GPU nodes when the input does not say
    std::string name;  // job name (default: from the input)
};

struct ImportedJob {
    Job job;
    std::string extras;                  // the "# podplanner-job:" JSON, or empty
    std::vector<std::string> unmodelled; // input flags PodPlanner does not model
    std::vector<std::string> notes;      // how defaults and ambiguous values were read
};

// Reads a launch config for `project`'s cluster. Throws InputError naming the flag and line.
ImportedJob importLaunch(const Project& project, LaunchFormat format, const std::string& text,
                         const ImportOptions& options);

// The project with the job appended and validated as a loaded file would be (placement, mesh
// size, model checks). Throws InputError.
Project withImportedJob(const Project& project, ImportedJob& imported);

} // namespace podplanner::model::interop
