function ComingSoon({ text }: { text: string }) {
  return (
    <div className="flex flex-1 items-center justify-center p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-700">{text}</h1>
    </div>
  );
}

export function TeamManagePage() {
  return <ComingSoon text="Team Management - Coming Soon" />;
}

export function ReportsPage() {
  return <ComingSoon text="Reports - Coming Soon" />;
}
