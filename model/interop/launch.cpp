#include "interop/launch.h"

#include "core/text_input.h"
#include "interop/launch_common.h"
#include "project/project_io.h"

namespace podplanner::model::interop {

std::optional<LaunchFormat> launchFormatByName(const std::string& name) {
    if (name == "maxtext" || name == "xpk")
        return LaunchFormat::MaxText;
    if (name == "megatron" || name == "megatron-lm")
        return LaunchFormat::Megatron;
    if (name == "torchtitan")
        return LaunchFormat::Torchtitan;
    return std::nullopt;
}

const char* launchFormatName(LaunchFormat format) {
    switch (format) {
    case LaunchFormat::MaxText:
        return "maxtext";
    case LaunchFormat::Megatron:
        return "megatron";
    case LaunchFormat::Torchtitan:
        return "torchtitan";
    }
    return "?";
}

std::string exportLaunch(const Project& project, std::size_t index, LaunchFormat format) {
    if (index >= project.jobs.size())
        throwImportError("--job", "a job from 1 to " + std::to_string(project.jobs.size()),
                         std::to_string(index + 1));
    switch (format) {
    case LaunchFormat::MaxText:
        return exportMaxText(project, index);
    case LaunchFormat::Megatron:
        return exportMegatron(project, index);
    case LaunchFormat::Torchtitan:
        return exportTorchtitan(project, index);
    }
    return {};
}

ImportedJob importLaunch(const Project& project, LaunchFormat format, const std::string& text,
                         const ImportOptions& options) {
    requireUtf8(text); // flag values become project strings (run_name, descriptions)
    switch (format) {
    case LaunchFormat::MaxText:
        return importMaxText(project, text, options);
    case LaunchFormat::Megatron:
        return importMegatron(project, text, options);
    case LaunchFormat::Torchtitan:
        return importTorchtitan(project, text, options);
    }
    return {};
}

namespace {

std::size_t podCount(const Json& placement) {
    if (placement.contains("pods"))
        return placement["pods"].size();
    return 1;
}

// The carried placement is kept only while the flags still ask for the same slices or nodes.
bool samePlacementSize(const Json& a, const Json& b) {
    if (podCount(a) != podCount(b))
        return false;
    for (const char* key : {"shape", "nodes"})
        if (a.contains(key) != b.contains(key) || (a.contains(key) && a[key] != b[key]))
            return false;
    return true;
}

} // namespace

Project withImportedJob(const Project& project, ImportedJob& imported) {
    Project with = project;
    with.jobs.push_back(imported.job);
    Json doc = parseJsonText(writeProject(with));
    Json& job = doc["jobs"].back();
    if (!imported.extras.empty()) {
        Json extras;
        try {
            extras = parseJsonText(imported.extras);
        } catch (const InputError& e) {
            throw InputError(
                {"", "the # podplanner-job: comment", "the JSON PodPlanner wrote", e.what(), ""});
        }
        if (!extras.is_object())
            throwImportError("the # podplanner-job: comment", "a JSON object",
                             describeJson(extras));
        if (extras.contains("name") && imported.job.name.empty())
            job["name"] = extras["name"];
        for (const char* section : {"parallelism", "training"})
            if (extras.contains(section) && extras[section].is_object())
                for (const auto& [key, value] : extras[section].items()) {
                    if (key == "mapping" && value.is_object() && value.empty())
                        job[section].erase(key);
                    else
                        job[section][key] = value;
                }
        if (extras.contains("model") && extras["model"].is_object())
            job["model"] = extras["model"];
        if (extras.contains("reliability"))
            job["reliability"] = extras["reliability"];
        if (extras.contains("placement")) {
            if (samePlacementSize(extras["placement"], job["placement"]))
                job["placement"] = extras["placement"];
            else
                imported.notes.push_back("the placement in the # podplanner-job: comment (" +
                                         extras["placement"].dump() +
                                         ") no longer matches the flags; placed as " +
                                         job["placement"].dump());
        }
    }
    if (job["name"].is_string() && job["name"].get<std::string>().empty())
        job["name"] = "imported";
    Project result = readProject(doc.dump());
    imported.job = result.jobs.back();
    return result;
}

} // namespace podplanner::model::interop
