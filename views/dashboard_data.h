#pragma once
// Turns the engines' value structs into what the panels bind to: the job list rows, the
// collectives table, the dashboard of the selected job, its editable settings, the failure
// list, and the summary counts. Only formatting and selection here; every number comes from
// model::ProjectAnalysis.
#include "collective_table_model.h"
#include "job_list_model.h"

#include <QVariantList>
#include <QVariantMap>

#include <vector>

namespace podplanner::model {
struct Project;
struct ProjectAnalysis;
struct ClusterSpec;
struct Component;
class Topology;
} // namespace podplanner::model

namespace podplanner::views {

QVariantMap summarizeCounts(const model::Topology& topology, const model::ClusterSpec& cluster);
QList<JobRow> jobRows(const model::Project& project, const model::ProjectAnalysis& analysis);
QList<CollectiveTableRow> collectiveRows(const model::Project& project,
                                         const model::ProjectAnalysis& analysis, int job);
// Step time, MFU, tokens/s, HBM, goodput, time to train, badput parts and the what-if state.
QVariantMap dashboardOf(const model::Project& project, const model::ProjectAnalysis& analysis,
                        int job);
// The selected job's editable values (parallelism, placement, reliability) for the inspector.
QVariantMap jobSettingsOf(const model::Project& project, const model::ProjectAnalysis* analysis,
                          int job);
// How full each pod is (model::sizing::podOccupancy) as maps for QML.
QVariantList occupancyList(const model::Project& project, const model::ProjectAnalysis& analysis);
QVariantList failureList(const model::Project& project, const model::ProjectAnalysis* analysis,
                         const std::vector<model::Component>& failures);

} // namespace podplanner::views
