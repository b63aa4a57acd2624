#include "project_document.h"

#include "dashboard_data.h"
#include "edit_commands.h"
#include "local_path.h"
#include "project/project_io.h"
#include "topology/topology.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

namespace podplanner::views {

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent) {
    connect(&worker_, &EngineWorker::resultReady, this,
            [this](quint64, std::shared_ptr<const model::Project> project,
                   EngineWorker::Analysis analysis) {
                // Delivered results are always the newest request, so they match project_.
                Q_UNUSED(project);
                setAnalysis(std::move(analysis));
            });
    connect(&undo_, &QUndoStack::indexChanged, this, &ProjectDocument::undoStateChanged);
    connect(&undo_, &QUndoStack::canUndoChanged, this, &ProjectDocument::undoStateChanged);
    connect(&undo_, &QUndoStack::canRedoChanged, this, &ProjectDocument::undoStateChanged);
    for (auto signal : {&ProjectDocument::analysisChanged, &ProjectDocument::baselineChanged,
                        &ProjectDocument::selectedJobChanged})
        connect(this, signal, this, &ProjectDocument::comparisonChanged);
}

ProjectDocument::~ProjectDocument() {
    // Members are destroyed one by one after this: none of them may reach QML (or this
    // object's half-destroyed state) through a signal on the way.
    QObject::disconnect(&worker_, nullptr, this, nullptr);
    QObject::disconnect(&undo_, nullptr, this, nullptr);
    blockSignals(true);
}

QUrl ProjectDocument::fileBeside(const QString& suffix) const {
    if (filePath_.isEmpty())
        return QUrl::fromLocalFile(QDir::current().filePath(tr("untitled") + suffix));
    const QFileInfo file(filePath_);
    return QUrl::fromLocalFile(file.dir().filePath(file.completeBaseName() + suffix));
}

QString ProjectDocument::displayName() const {
    return filePath_.isEmpty() ? tr("Untitled") : QFileInfo(filePath_).fileName();
}

QString ProjectDocument::projectName() const {
    return project_ ? QString::fromStdString(project_->name) : QString();
}

QString ProjectDocument::clusterName() const {
    return project_ ? QString::fromStdString(project_->cluster.name) : QString();
}

QString ProjectDocument::chipName() const {
    return project_ ? QString::fromStdString(project_->cluster.chip.name) : QString();
}

QString ProjectDocument::engineError() const {
    return analysis_ ? QString::fromStdString(analysis_->error) : QString();
}

void ProjectDocument::setSelectedJob(int job) {
    if (job == selectedJob_ || !hasJob(job))
        return;
    selectedJob_ = job;
    if (analysis_)
        collectives_.setRows(collectiveRows(*project_, *analysis_, selectedJob_));
    emit selectedJobChanged();
    emit jobSettingsChanged();
    emit analysisChanged();
}

QVariantMap ProjectDocument::jobSettings() const {
    return project_ ? jobSettingsOf(*project_, analysis_.get(), selectedJob_) : QVariantMap{};
}

QVariantMap ProjectDocument::dashboard() const {
    return project_ && analysis_ ? dashboardOf(*project_, *analysis_, selectedJob_) : QVariantMap{};
}

QVariantList ProjectDocument::occupancy() const {
    return project_ && analysis_ ? occupancyList(*project_, *analysis_) : QVariantList{};
}

QVariantList ProjectDocument::failures() const {
    return project_ ? failureList(*project_, analysis_.get(), failures_) : QVariantList{};
}

bool ProjectDocument::load(const QString& pathOrUrl) {
    const QString path = localPath(pathOrUrl);
    try {
        auto project =
            std::make_shared<const model::Project>(model::loadProjectFile(path.toStdString()));
        adopt(std::move(project), QFileInfo(path).absoluteFilePath());
        return true;
    } catch (const std::exception& e) {
        setError(QString::fromStdString(e.what()));
        return false;
    }
}

bool ProjectDocument::restoreRecovered(const QString& recoveryFile, const QString& originalPath) {
    try {
        auto project = std::make_shared<const model::Project>(
            model::loadProjectFile(recoveryFile.toStdString()));
        adopt(std::move(project), originalPath, /*markSaved=*/false);
        return true;
    } catch (const std::exception& e) {
        setError(
            tr("Could not restore %1: %2").arg(recoveryFile, QString::fromStdString(e.what())));
        return false;
    }
}

void ProjectDocument::adopt(std::shared_ptr<const model::Project> project, const QString& path,
                            bool markSaved) {
    // The first analysis runs here, so the window opens with its numbers and scene.
    auto analysis =
        std::make_shared<const model::ProjectAnalysis>(model::analyzeProject(*project, {}));
    undo_.clear();
    failures_.clear();
    baseline_.clear(); // another project's numbers
    project_ = std::move(project);
    savedProject_ = path.isEmpty() || !markSaved ? nullptr : project_;
    filePath_ = path;
    selectedJob_ = 0;
    counts_ = summarizeCounts(*analysis->topology, project_->cluster);
    setAnalysis(std::move(analysis));
    clearError();
    emit projectChanged();
    emit filePathChanged();
    emit modifiedChanged();
    emit selectedJobChanged();
    emit jobSettingsChanged();
    emit failuresChanged();
    emit baselineChanged();
}

bool ProjectDocument::save() {
    return filePath_.isEmpty() ? false : saveAs(filePath_);
}

bool ProjectDocument::saveAs(const QString& pathOrUrl) {
    if (!project_)
        return false;
    QString path = localPath(pathOrUrl);
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".podplanner");
    try {
        model::saveProjectFile(*project_, path.toStdString());
    } catch (const std::exception& e) {
        setError(tr("Could not save %1: %2").arg(path, QString::fromStdString(e.what())));
        return false;
    }
    savedProject_ = project_;
    filePath_ = QFileInfo(path).absoluteFilePath();
    emit filePathChanged();
    emit modifiedChanged();
    return true;
}

QByteArray ProjectDocument::projectText() const {
    return project_ ? QByteArray::fromStdString(model::writeProject(*project_)) : QByteArray{};
}

void ProjectDocument::replaceProject(std::shared_ptr<const model::Project> project) {
    const bool jobsChanged = !project_ || project->jobs.size() != project_->jobs.size();
    project_ = std::move(project);
    if (selectedJob_ >= static_cast<int>(project_->jobs.size()))
        selectedJob_ = std::max(0, static_cast<int>(project_->jobs.size()) - 1);
    requestAnalysis();
    emit modifiedChanged();
    emit jobSettingsChanged();
    if (jobsChanged) {
        emit selectedJobChanged();
        emit projectChanged();
    }
}

void ProjectDocument::replaceFailures(std::vector<model::Component> failures) {
    failures_ = std::move(failures);
    requestAnalysis();
    emit failuresChanged();
}

void ProjectDocument::requestAnalysis() {
    worker_.submit(project_, failures_);
    emit engineBusyChanged();
}

void ProjectDocument::setAnalysis(EngineWorker::Analysis analysis) {
    analysis_ = std::move(analysis);
    jobs_.setRows(jobRows(*project_, *analysis_));
    collectives_.setRows(collectiveRows(*project_, *analysis_, selectedJob_));
    tree_.setProject(*project_, *analysis_);
    emit analysisChanged();
    emit jobSettingsChanged(); // they carry the analysis's mapping, chips and axes
    emit failuresChanged();
    emit engineBusyChanged();
}

void ProjectDocument::pushProject(const QString& text, std::shared_ptr<const model::Project> after,
                                  const QString& mergeKey) {
    undo_.push(new ProjectEditCommand(this, text, project_, std::move(after), mergeKey));
}

void ProjectDocument::clearError() {
    setError({});
}

void ProjectDocument::setNotice(const QString& text) {
    if (text == noticeText_)
        return;
    noticeText_ = text;
    emit noticeTextChanged();
}

void ProjectDocument::setError(const QString& text) {
    if (text == errorText_)
        return;
    errorText_ = text;
    emit errorTextChanged();
}

} // namespace podplanner::views
