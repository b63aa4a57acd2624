#pragma once
// Projects for the planner and sizing tests: one job of a small model on a preset cluster with
// overrides, read through the project loader like a file.
#include "project/project_io.h"

#include <QString>

#include <string>

namespace sizingtest {

struct JobText {
    std::string model = R"({"layers": 16, "d_model": 2048, "heads": 16, "kv_heads": 8,
        "head_dim": 128, "ffn": 8192, "vocab": 32000, "seq_len": 4096})";
    std::string training =
        R"({"global_batch_tokens": 2097152, "total_tokens": 100000000000, "recompute": "full"})";
    std::string parallelism = R"({"fsdp": 64})";
    std::string placement = R"({"pod": 0, "shape": "4x4x4"})";
    std::string reliability = "{}";
};

inline podplanner::model::Project project(const std::string& cluster, const JobText& job = {}) {
    return podplanner::model::readProject(
        R"({"format": "podplanner-project", "version": 1, "name": "t", "cluster": )" + cluster +
        R"(, "jobs": [{"name": "j", "model": )" + job.model + R"(, "training": )" + job.training +
        R"(, "parallelism": )" + job.parallelism + R"(, "placement": )" + job.placement +
        R"(, "reliability": )" + job.reliability + "}]}");
}

inline podplanner::model::Project projectFile(const char* relative) {
    return podplanner::model::loadProjectFile(std::string(PODPLANNER_SOURCE_DIR) + "/" + relative);
}

} // namespace sizingtest
