#pragma once
// The project the GUI shows and edits. It holds the project as an immutable snapshot (each
// edit makes a new one through an undo command), the what-if failures, and the newest engine
// analysis, which the EngineWorker computes off the GUI thread after every edit. A load that
// fails keeps the project shown before (the error is shown instead).
#include "cluster_tree_model.h"
#include "collective_table_model.h"
#include "engine_worker.h"
#include "job_list_model.h"

#include <QObject>
#include <QUndoStack>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace podplanner::views {

class ProjectDocument : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool loaded READ loaded NOTIFY projectChanged)
    Q_PROPERTY(QString filePath READ filePath NOTIFY filePathChanged)
    Q_PROPERTY(QString displayName READ displayName NOTIFY filePathChanged)
    Q_PROPERTY(QString projectName READ projectName NOTIFY projectChanged)
    Q_PROPERTY(QString clusterName READ clusterName NOTIFY projectChanged)
    Q_PROPERTY(QString chipName READ chipName NOTIFY projectChanged)
    Q_PROPERTY(QVariantMap counts READ counts NOTIFY projectChanged)
    // The chip's price per chip-hour and power, with where each figure comes from:
    // {chip, priceUsdPerHour, powerW, priceSource, powerSource} (0: unknown).
    Q_PROPERTY(QVariantMap chipEconomics READ chipEconomics NOTIFY analysisChanged)
    Q_PROPERTY(bool modified READ modified NOTIFY modifiedChanged)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY undoStateChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY undoStateChanged)
    Q_PROPERTY(QString undoText READ undoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString redoText READ redoText NOTIFY undoStateChanged)
    Q_PROPERTY(JobListModel* jobs READ jobs CONSTANT)
    Q_PROPERTY(CollectiveTableModel* collectives READ collectives CONSTANT)
    Q_PROPERTY(ClusterTreeModel* tree READ tree CONSTANT)
    Q_PROPERTY(int selectedJob READ selectedJob WRITE setSelectedJob NOTIFY selectedJobChanged)
    Q_PROPERTY(QVariantMap jobSettings READ jobSettings NOTIFY jobSettingsChanged)
    Q_PROPERTY(QVariantMap dashboard READ dashboard NOTIFY analysisChanged)
    // The selected job's numbers pinned as a baseline (empty: none), and how today's differ:
    // {rows: [{key, label, baseline, now, change, short, same, better}], <key>: that row, label,
    // pinnedAt, mappingBefore, mappingNow}; empty when no baseline or another job is selected.
    Q_PROPERTY(QVariantMap baseline READ baseline NOTIFY baselineChanged)
    Q_PROPERTY(QVariantMap comparison READ comparison NOTIFY comparisonChanged)
    Q_PROPERTY(QVariantList failures READ failures NOTIFY failuresChanged)
    // Per pod: {pod, unit, total, used, spares, failed, free, largestSlice, largestSliceUnits,
    // largestInOneRow, powerRows (free units by power row: [{row, free}])}.
    Q_PROPERTY(QVariantList occupancy READ occupancy NOTIFY analysisChanged)
    Q_PROPERTY(bool engineBusy READ engineBusy NOTIFY engineBusyChanged)
    Q_PROPERTY(QString engineError READ engineError NOTIFY analysisChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY errorTextChanged)
    // What an edit did beyond what was asked (e.g. a hand-made mapping replaced), until the next
    // edit or Dismiss.
    Q_PROPERTY(QString noticeText READ noticeText NOTIFY noticeTextChanged)
  public:
    explicit ProjectDocument(QObject* parent = nullptr);
    ~ProjectDocument() override;

    bool loaded() const { return project_ != nullptr; }
    QString filePath() const { return filePath_; }
    QString displayName() const;
    QString projectName() const;
    QString clusterName() const;
    QString chipName() const;
    QVariantMap counts() const { return counts_; }
    QVariantMap chipEconomics() const;
    bool modified() const { return project_ != savedProject_; }
    bool canUndo() const { return undo_.canUndo(); }
    bool canRedo() const { return undo_.canRedo(); }
    QString undoText() const { return undo_.undoText(); }
    QString redoText() const { return undo_.redoText(); }
    JobListModel* jobs() { return &jobs_; }
    CollectiveTableModel* collectives() { return &collectives_; }
    const CollectiveTableModel* collectives() const { return &collectives_; }
    ClusterTreeModel* tree() { return &tree_; }
    int selectedJob() const { return selectedJob_; }
    void setSelectedJob(int job);
    QVariantMap jobSettings() const;
    QVariantMap dashboard() const;
    QVariantMap baseline() const { return baseline_; }
    QVariantMap comparison() const;
    Q_INVOKABLE void pinBaseline();
    Q_INVOKABLE void clearBaseline();
    QVariantList failures() const;
    QVariantList occupancy() const;
    bool engineBusy() const { return worker_.busy(); }
    QString engineError() const;
    QString errorText() const { return errorText_; }
    QString noticeText() const { return noticeText_; }

    // Files. Accepts a path or a file:// URL (drag and drop, file dialogs). Returns false and
    // sets errorText on bad input; the project shown before stays open.
    Q_INVOKABLE bool load(const QString& pathOrUrl);
    Q_INVOKABLE bool save();
    Q_INVOKABLE bool saveAs(const QString& pathOrUrl);
    // Where file dialogs start: a file beside the project named after it ("gpt3" + "-report.pdf"),
    // in the current folder for a project never saved.
    Q_INVOKABLE QUrl fileBeside(const QString& suffix) const;
    // Opens an autosaved recovery file as unsaved changes to `originalPath` (may be empty for a
    // project never saved): Save writes to the original.
    bool restoreRecovered(const QString& recoveryFile, const QString& originalPath);
    // A new, unsaved project: a built-in cluster and one job of a built-in model.
    Q_INVOKABLE bool newProject(const QString& clusterPreset, const QString& modelPreset);
    // The canonical text of the current project (autosave writes it to the recovery file).
    QByteArray projectText() const;
    Q_INVOKABLE void clearError();
    Q_INVOKABLE void clearNotice() { setNotice({}); }

    // Edits, each one undo step.
    // A notice tells of the edit just made: stepping through the history ends it.
    Q_INVOKABLE void undo() {
        setNotice({});
        undo_.undo();
    }
    Q_INVOKABLE void redo() {
        setNotice({});
        undo_.redo();
    }
    Q_INVOKABLE bool setMeshAxis(int job, const QString& axis, int value);
    Q_INVOKABLE bool setSliceShape(int job, const QString& shape);
    Q_INVOKABLE bool setHotSpares(int job, int spares);
    Q_INVOKABLE bool setElastic(int job, bool elastic);
    // Refused (errorText) when empty or another job has the name.
    Q_INVOKABLE bool setJobName(int job, const QString& name);
    // A copy named "<name> copy" on free cubes or nodes of the same shape; refused with the
    // room there is when none is left. Selects the copy.
    Q_INVOKABLE bool duplicateJob(int job);
    // A job of a built-in model, fully sharded over its chips with the fewest microbatches
    // (and the least recompute) that fit in HBM. `settings` may give: name, batchTokens,
    // totalTokens, hotSpares, checkpointMin (0: automatic) and elastic; the rest take defaults.
    Q_INVOKABLE bool addJob(const QString& modelPreset, const QString& shapeOrNodes,
                            const QVariantMap& settings = {});
    // A job of a model given by hand: {layers, d_model, heads, kv_heads, ffn, vocab, seq_len};
    // checked by the same rules as a project file (the error names the field).
    Q_INVOKABLE bool addCustomJob(const QVariantMap& dims, const QString& shapeOrNodes,
                                  const QVariantMap& settings = {});
    Q_INVOKABLE bool removeJob(int job);
    // Sets the chip's price per chip-hour (USD) and power (W), written into the project's
    // cluster as chip overrides, so that cost and energy appear; 0 leaves a figure unknown.
    // One undo step; refused (errorText) for negative or absurd values.
    // powerLimitW: a power cap the chip's measured curve prices (0: none).
    Q_INVOKABLE bool setChipEconomics(double priceUsdPerHour, double powerW,
                                      double powerLimitW = 0);
    // The physical axes ("x", "y", "z", "nvlink", "dcn", "wan") a mesh axis is laid on; an empty
    // list lays it automatically again.
    Q_INVOKABLE bool setMeshMapping(int job, const QString& axis, const QStringList& physical);
    Q_INVOKABLE bool clearMeshMapping(int job);
    // Places a TPU job on the cubes of the given racks (one pod), as picked in the scene.
    Q_INVOKABLE bool placeOnCubes(int job, const QVariantList& racks);
    // Makes the cubes of the given racks the job's own hot spares (its first pod); the count
    // edit (setHotSpares) makes it "any free cubes" again.
    Q_INVOKABLE bool setSpareCubes(int job, const QVariantList& racks);
    // Planned maintenance of a power row: every `everyDays` for `durationH`, "drain" or "spares".
    Q_INVOKABLE bool addMaintenance(int job, int powerRow, double everyDays, double durationH,
                                    const QString& mode);
    Q_INVOKABLE bool removeMaintenance(int job, int window);
    // Applies an auto-plan layout: {"dp","fsdp","tp","pp","ep","cp","microbatches", ...}.
    Q_INVOKABLE bool applyLayout(int job, const QVariantMap& layout);
    // kind: "chip", "host", "rack" (a cube on TPU pods, or an OCS rack), "ocs" or "powerRow"
    // (component_kinds.h).
    Q_INVOKABLE void setComponentFailed(const QString& kind, qint64 index, bool failed);
    Q_INVOKABLE bool isComponentFailed(const QString& kind, qint64 index) const;
    // The part's one name, as in a sentence ("cube 3 of pod 0", "OCS rack 1 of pod 0"); empty
    // when there is no such part.
    Q_INVOKABLE QString componentName(const QString& kind, qint64 index) const;
    // The first OCS switch of an OCS rack not failed yet (-1: none, or not an OCS rack).
    Q_INVOKABLE qint64 healthyOcsOfRack(int rack) const;
    // The links of a chip, to fail one: [{index, label, failed}].
    Q_INVOKABLE QVariantList linksOfChip(qint64 chip) const;
    Q_INVOKABLE void repairAll();

    // For C++ consumers (the scene, the worker's benchmark); nullptr before a load.
    const model::Project* project() const { return project_.get(); }
    std::shared_ptr<const model::Project> projectSnapshot() const { return project_; }
    EngineWorker::Analysis analysis() const { return analysis_; }
    // A job read from a launch config (launch_configs.h), added with undo; false (and
    // errorText) when the project refuses it.
    bool addImportedJob(model::Job job) { return addNewJob(std::move(job)); }
    // A whole project edit as one undo step (the Size dialog's Apply, document_size_edits.cpp);
    // false, with errorText, when the engines cannot run it. The cluster must stay the same.
    bool applyProjectEdit(const QString& text, model::Project after);
    // A project made elsewhere (a sized plan on another cluster), opened as new and unsaved.
    bool openUnsaved(model::Project project);
    // Used by the undo commands only.
    void replaceProject(std::shared_ptr<const model::Project> project);
    void replaceFailures(std::vector<model::Component> failures);

  signals:
    void projectChanged();  // a different project, or jobs added or removed
    void analysisChanged(); // new engine numbers (after every edit)
    void jobSettingsChanged();
    void filePathChanged();
    void modifiedChanged();
    void undoStateChanged();
    void selectedJobChanged();
    void failuresChanged();
    void engineBusyChanged();
    void errorTextChanged();
    void noticeTextChanged();
    void baselineChanged();
    void comparisonChanged(); // the baseline, the numbers or the selected job changed

  private:
    void setError(const QString& text);
    void setNotice(const QString& text);
    void setAnalysis(EngineWorker::Analysis analysis);
    void requestAnalysis();
    void adopt(std::shared_ptr<const model::Project> project, const QString& path,
               bool markSaved = true);
    // What an edit must leave possible: placing the jobs, or also laying them out (a mapping).
    enum class Check { Placement, Engines };
    static std::string whyRefused(const model::Project& project, Check check);
    bool editJob(int job, const QString& text, const QString& mergeKey,
                 const std::function<void(model::Job&)>& edit, Check check = Check::Placement);
    // Says which other mesh axes gave way when one was set (issue 17 item 3).
    void noteAxesThatGaveWay(int job, const QString& axis, int value,
                             const model::ParallelismSpec& before);
    // An edit of the job's size (slice, nodes, a mesh axis) that keeps a hand-made mapping when
    // it still fits, else replaces it with the automatic one and says so in noticeText.
    bool editKeepingMapping(int job, const QString& text, const QString& newSize,
                            const std::function<void(model::Job&)>& edit,
                            const QString& mergeKey = {});
    bool hasJob(int job) const {
        return project_ && job >= 0 && job < static_cast<int>(project_->jobs.size());
    }
    bool addNewJob(model::Job job);
    bool cubesOfRacks(const QVariantList& racks, int& pod, std::vector<int>& cubes);
    void pushProject(const QString& text, std::shared_ptr<const model::Project> after,
                     const QString& mergeKey = {});

    std::shared_ptr<const model::Project> project_;
    std::shared_ptr<const model::Project> savedProject_;
    std::vector<model::Component> failures_;
    EngineWorker::Analysis analysis_;
    EngineWorker worker_;
    QUndoStack undo_;
    QString filePath_;
    QVariantMap counts_;
    QVariantMap baseline_; // dashboard() of the job pinned, with "job", "label", "pinnedAt"
    JobListModel jobs_;
    CollectiveTableModel collectives_;
    ClusterTreeModel tree_;
    int selectedJob_ = 0;
    QString errorText_;
    QString noticeText_;
};

} // namespace podplanner::views
